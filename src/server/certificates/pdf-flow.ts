import type { PDFDocument, PDFPage } from '@pdfme/pdf-lib';
import type { AcadPdfInput } from './pdf-input';
import { drawLine, MUTED, widthOf, type Typesetter } from './pdf-typeset';

/**
 * A column of content that continues on a new page when it reaches the bottom margin. `onPage`
 * draws what every continuation page starts with (a table header) and answers where content starts.
 */
export class Flow {
  page: PDFPage;
  y: number;
  onPage: ((page: PDFPage) => Promise<number>) | null = null;

  constructor(
    private readonly doc: PDFDocument,
    private readonly size: [number, number],
    first: PDFPage,
    y: number,
    private readonly top: number,
    private readonly bottom: number,
  ) {
    this.page = first;
    this.y = y;
  }

  /** Makes room for `h` points, on a new page if this one has too little left. */
  async need(h: number): Promise<void> {
    if (this.y - h >= this.bottom) return;
    this.page = this.doc.addPage(this.size);
    this.y = this.top;
    if (this.onPage) this.y = await this.onPage(this.page);
  }
}

/** A continuation page's first line: the heading and whose document it is, so a loose page still says. */
export async function continuationHeader(page: PDFPage, ts: Typesetter, input: AcadPdfInput, y: number) {
  const line = await ts.fit(`${input.heading} · ${input.title} · ${input.name}`, 8, page.getSize().width - 80);
  drawLine(page, line, 8, 40, y, MUTED);
}

/**
 * The document's details (label: value pairs) as two columns, labels muted; a long value wraps to
 * four lines at most, and the list continues on further pages when it has to.
 */
export async function drawDetails(flow: Flow, ts: Typesetter, details: [string, string][], x: number, width: number) {
  const labelW = Math.min(180, width * 0.32);
  for (const [label, value] of details) {
    const lines = await ts.wrap(value, 10, width - labelW - 12, 4);
    await flow.need(14 * Math.max(1, lines.length) + 2);
    const l = await ts.fit(label, 9, labelW);
    drawLine(flow.page, l, 9, x + labelW - widthOf(l, 9), flow.y, MUTED);
    for (const line of lines) {
      drawLine(flow.page, line, 10, x + labelW + 12, flow.y);
      flow.y -= 14;
    }
    if (lines.length === 0) flow.y -= 14;
    flow.y -= 2;
  }
}

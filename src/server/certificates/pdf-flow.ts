import type { PDFDocument, PDFPage } from '@pdfme/pdf-lib';
import type { AcadPdfInput } from './pdf-input';
import { drawLine, leading, MUTED, widthOf, type Typesetter } from './pdf-typeset';

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

/**
 * A continuation page's first line: the heading and whose document it is, so a loose page still
 * says. Whole like every field (issue 35): smaller when long, and wrapped when even that is not
 * enough. Answers the baseline of its last line, so the page's content starts below it.
 */
export async function continuationHeader(page: PDFPage, ts: Typesetter, input: AcadPdfInput, y: number) {
  const text = `${input.heading} · ${input.title} · ${input.name}`;
  const b = await ts.whole(text, 8, page.getSize().width - 80, { maxLines: 1, minSize: 6 });
  for (const [i, line] of b.lines.entries()) drawLine(page, line, b.size, 40, y - i * leading(b.size), MUTED);
  return y - Math.max(0, b.lines.length - 1) * leading(b.size);
}

/**
 * The document's details (label: value pairs) as two columns, labels muted. Both are printed
 * whole (issue 35): a long label or value wraps onto as many lines as it needs (a value is at most
 * 1000 characters, a page's worth), and the list continues on further pages when it has to.
 */
export async function drawDetails(flow: Flow, ts: Typesetter, details: [string, string][], x: number, width: number) {
  const labelW = Math.min(180, width * 0.32);
  for (const [label, value] of details) {
    const [labels, lines] = await Promise.all([ts.lines(label, 9, labelW), ts.lines(value, 10, width - labelW - 12)]);
    const rows = Math.max(1, labels.length, lines.length);
    await flow.need(14 * rows + 2);
    for (const [i, l] of labels.entries())
      drawLine(flow.page, l, 9, x + labelW - widthOf(l, 9), flow.y - i * 14, MUTED);
    for (const [i, line] of lines.entries()) drawLine(flow.page, line, 10, x + labelW + 12, flow.y - i * 14);
    flow.y -= 14 * rows + 2;
  }
}

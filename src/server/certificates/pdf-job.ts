/**
 * The outbox job that prints an academic document's PDF and stores it in R2 (issue 18).
 * Being written: it renders the document from its template, stores it, and marks pdf_state.
 */
export async function buildAcadDocPdf(_env: Env, _docId: string, _now: number): Promise<void> {
  throw new Error('acad_pdf: not built yet');
}

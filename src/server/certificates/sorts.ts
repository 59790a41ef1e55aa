/** The certificate list's sort keys (spec §9: issuer_name is the default) and the column each orders by. */
export const ACAD_SORTS = {
  issuer_name: 'd.issuer_name',
  title: 'd.title',
  issued_on: 'd.issued_on',
  newest: 'd.created_at',
} as const;
export type AcadSort = keyof typeof ACAD_SORTS;

/** Each key's natural direction: names A to Z, dates newest first. */
export const NATURAL_DESC: Record<AcadSort, boolean> = {
  issuer_name: false,
  title: false,
  issued_on: true,
  newest: true,
};

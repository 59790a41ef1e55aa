/**
 * The certificate list's sort keys (spec §9: issuer_name is the default) and the column of the
 * list's UNION (issued documents and held records, certificates/acad-repo.ts) each orders by.
 */
export const ACAD_SORTS = {
  issuer_name: 'issuerName',
  title: 'title',
  issued_on: 'issuedOn',
  newest: 'createdAt',
} as const;
export type AcadSort = keyof typeof ACAD_SORTS;

/** Each key's natural direction: names A to Z, dates newest first. */
export const NATURAL_DESC: Record<AcadSort, boolean> = {
  issuer_name: false,
  title: false,
  issued_on: true,
  newest: true,
};

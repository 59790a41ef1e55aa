/** Service country 1-7 (spec §2): selects the regional help, privacy and terms pages. */
export interface RegionalLinks {
  region: string;
  help: string;
  privacy: string;
  terms: string;
}

/**
 * The operator's regional pages. `.example` hosts are placeholders an operator replaces (README,
 * "Configuration"); the terms link of every region also exists inside the wallet at /terms.
 */
const REGIONS: Record<number, string> = { 1: 'jp', 2: 'kr', 3: 'cn', 4: 'tw', 5: 'id', 6: 'th', 7: 'vn' };

export function regionalLinks(serviceCountry: number | null | undefined): RegionalLinks {
  const region = REGIONS[serviceCountry ?? 1] ?? 'jp';
  const site = `https://www.lanyard.example/${region}`;
  return { region, help: `${site}/help`, privacy: `${site}/privacy`, terms: `${site}/terms` };
}

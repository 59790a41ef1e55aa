/** A seal with ribbons: the card's picture, where a badge's card shows the badge. */
const RIBBONS = `<path d="M105 185 L70 290 L115 268 L138 300 L160 205 Z" fill="#084683"/>
<path d="M195 185 L230 290 L185 268 L162 300 L140 205 Z" fill="#084683"/>
<circle cx="150" cy="128" r="118" fill="#0b5cad"/>
<circle cx="150" cy="128" r="94" fill="none" stroke="#ffffff" stroke-width="6"/>`;
const CHECK = `<path d="M104 130 l32 32 l62 -64" fill="none" stroke="#ffffff" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>`;
const svgUrl = (inner: string) =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300">\n${inner}\n</svg>`)}`;

/** The seal with its check mark: for what was proven (a certificate issued here). */
export const sealUrl = () => svgUrl(`${RIBBONS}\n${CHECK}`);

/** The seal without a check mark: for a record whose issuer's name is only its own claim. */
export const plainSealUrl = () => svgUrl(RIBBONS);

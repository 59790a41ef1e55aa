import type { BadgeItem, IssuerItem, SkillItem } from '../../server/discovery/service';
import { DEFAULT_BADGE_IMAGE } from '../../lib/paths';
import { badgeHref, cappedCount, issuerHref, skillHref } from './links';

/** Search items of spec §3; each links to its page. */
export function BadgeItems({ items }: { items: BadgeItem[] }) {
  return (
    <ul className="result-grid">
      {items.map((b) => (
        <li key={b.badge_id}>
          <a className="result-card" href={badgeHref(b.issuer_id, b.badge_id)}>
            <img src={b.badge_image ?? DEFAULT_BADGE_IMAGE} alt="" width={72} height={72} loading="lazy" />
            <span className="result-name" dir="auto">
              {b.badge_name}
            </span>
            <span className="result-sub" dir="auto">
              {b.issuer_name}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function SkillItems({ items, countLabel }: { items: SkillItem[]; countLabel: string }) {
  return (
    <ul className="skill-chips">
      {items.map((s) => (
        <li key={s.tag_id}>
          <a className="skill-chip" href={skillHref(s.tag_id)}>
            <span dir="auto">{s.tag_name}</span>
            <span className="skill-count">{countLabel.replace('{{count}}', cappedCount(s.badge_count))}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function IssuerItems({ items }: { items: IssuerItem[] }) {
  return (
    <ul className="result-grid">
      {items.map((i) => (
        <li key={i.issuer_id}>
          <a className="result-card" href={issuerHref(i.issuer_id)}>
            <img src={i.issuer_image ?? DEFAULT_BADGE_IMAGE} alt="" width={72} height={72} loading="lazy" />
            <span className="result-name" dir="auto">
              {i.issuer_name}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

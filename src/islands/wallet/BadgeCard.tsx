import type { ReactNode } from 'react';
import { detailPath, type WalletItem } from './types';
import { ThaiText } from '../lib/ThaiText';

export interface CardLabels {
  expired: string;
  revoked: string;
  public: string;
  private: string;
  receiving: string;
  issuedOn: string;
}

/** One badge in the list: image (grey when expired or revoked), name, issuer, date and its marks. */
export function BadgeCard({
  item,
  base,
  labels,
  date,
  children,
}: {
  item: WalletItem;
  base: string;
  labels: CardLabels;
  date: Intl.DateTimeFormat;
  children?: ReactNode;
}) {
  const faded = item.is_expired || item.is_revoked;
  return (
    <li className="badge-card">
      <a href={detailPath(base, item)} className="badge-link">
        <img
          src={item.image}
          alt=""
          width={130}
          height={130}
          loading="lazy"
          decoding="async"
          className={faded ? 'badge-img faded' : 'badge-img'}
        />
        <span className="badge-name">{item.name}</span>
      </a>
      <span className="badge-issuer">{item.issuer.name}</span>
      <span className="badge-date">
        {labels.issuedOn} <time dateTime={item.issued_on}>{date.format(new Date(item.issued_on))}</time>
      </span>
      <span className="marks">
        {item.is_revoked && (
          <span className="mark mark-danger">
            <ThaiText text={labels.revoked} />
          </span>
        )}
        {item.is_expired && (
          <span className="mark mark-muted">
            <ThaiText text={labels.expired} />
          </span>
        )}
        {item.accept_status === 1 && (
          <span className="mark">
            <ThaiText text={labels.receiving} />
          </span>
        )}
        {item.accept_status === 2 && !item.is_revoked && (
          <span className="mark">{item.is_public ? labels.public : labels.private}</span>
        )}
      </span>
      {children}
    </li>
  );
}

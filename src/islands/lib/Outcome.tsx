import type { RefObject } from 'react';
import { ThaiText } from './ThaiText';

/**
 * The end of a one-button flow (activation, receive by link): a heading that takes focus, a
 * message and one link onward; announced as status, or as an alert when it failed.
 */
export function Outcome({
  headingRef,
  failed,
  heading,
  message,
  href,
  action,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  failed: boolean;
  heading: string;
  message: string;
  href: string;
  action: string;
}) {
  return (
    <div className="stack" role={failed ? 'alert' : 'status'}>
      <h2 ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <p>
        <ThaiText text={message} />
      </p>
      <a className="btn" href={href}>
        {action}
      </a>
    </div>
  );
}

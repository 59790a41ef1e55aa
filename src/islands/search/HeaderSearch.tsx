import { path } from '../../lib/paths';
import { SEARCH_EVENT } from './search-event';

/**
 * The header's search bar. On the search page every keystroke is passed to the results, which
 * search 500 ms after the last one (spec §2); elsewhere Enter opens the search page. Without
 * JavaScript it is the same plain form.
 */
export default function HeaderSearch({
  value,
  label,
  placeholder,
}: {
  value: string;
  label: string;
  placeholder: string;
}) {
  return (
    <form className="search" role="search" action={path('/search')} method="get">
      <label className="visually-hidden" htmlFor="header-search">
        {label}
      </label>
      <input
        id="header-search"
        name="search_q"
        type="search"
        defaultValue={value}
        placeholder={placeholder}
        maxLength={100}
        onInput={(e) => {
          if (window.location.pathname === path('/search'))
            window.dispatchEvent(new CustomEvent(SEARCH_EVENT, { detail: e.currentTarget.value }));
        }}
      />
    </form>
  );
}

/** The header's search bar tells the search page about a new keyword with this window event. */
export const SEARCH_EVENT = 'lanyard:search';

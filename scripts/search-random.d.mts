/** scripts/search-random.mjs: the query string of a new never-repeated search (without the leading `?`). */
export function randomSearch(random?: () => number): string;

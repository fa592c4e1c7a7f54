// The category list's limits, in a module of their own: the form's page needs them, and importing them
// from schema.ts would put zod into the page's JavaScript (the schema is loaded on demand, lazy-validate.ts).

/** Empty category rows the form offers beyond the filled ones (the list works without JavaScript). */
export const EMPTY_CATEGORY_ROWS = 3
/** At most this many categories per activity. */
export const MAX_CATEGORIES = 60

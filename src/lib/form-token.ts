/** The hidden field that carries a page form's token (issue 25; checked in src/server/forms). */
export const TOKEN_FIELD = 'csrf';

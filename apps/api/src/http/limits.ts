/** Largest JSON body accepted; uploads get their own limit on their route. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

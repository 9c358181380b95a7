/** For an address whose bytes never change (a hashed asset, a stored file's random name): kept a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** For an answer that may change at any write: kept, but asked again each time (ETag, 304). */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

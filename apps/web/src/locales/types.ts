/** A translation has the shape of the zh-CN source section, with any strings. */
export type LocaleSection<T> = { [K in keyof T]: T[K] extends string ? string : LocaleSection<T[K]> };

/** Dotted paths to every string of a section tree: 'auth.submit', 'layout.user.logout', … */
export type MessagePath<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${MessagePath<T[K]>}`;
}[keyof T & string];

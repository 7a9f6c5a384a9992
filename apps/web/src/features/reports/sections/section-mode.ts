/** Sections render for the screen (interactive) or for print (static, fixed sizes). */
export type SectionMode = 'screen' | 'print';

/** The web font's @font-face rules as the build cuts them (build/font-subsets.ts); empty in dev and tests. */
declare module 'virtual:taxlens-font-faces' {
  const rules: string;
  export default rules;
}

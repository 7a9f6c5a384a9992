/** The address of the web font's stylesheet as the build cuts it (build/font-subsets.ts); empty in dev and tests. */
declare module 'virtual:taxlens-font-faces' {
  const stylesheet: string;
  export default stylesheet;
}

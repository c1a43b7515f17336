/** The part of SaxonJS's API the e-invoice tests use (the package ships no types). */
declare module 'saxon-js' {
  interface TransformOptions {
    stylesheetFileName: string;
    sourceText: string;
    destination: 'serialized';
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'async'): Promise<{ principalResult: string }>;
  };
  export default SaxonJS;
}

// The sandbox's bundles and the files they need at run time; kept apart because the sandbox never ships in the .vsix.

/** esbuild options for the sandbox's entries, given the options every bundle shares. */
export function sandboxBundles(common) {
  void common;
  return [];
}

/** Copies what the sandbox bundles load at run time (for example PGlite's wasm and data files) into dist/. */
export function copySandboxAssets(root) {
  void root;
}

// Bruno's own .bru parser (@usebruno/lang) in a bundle of its own, dist/bruParser.js: ohm-js, which it requires, must
// be bundled from its CommonJS build, while the collections bundle takes jsonc-parser's ES module build.
export { bruToEnvJsonV2, bruToJsonV2, collectionBruToJson } from '@usebruno/lang';

// The entry of dist/collectionCommands.js: what Import Collection… and the Export commands load on first use (the
// readers and writers of src/core/collections; Bruno's parser stays in dist/bruParser.js until a Bruno folder is read).
export { CollectionCommands } from './collectionCommands';
export { vscodeCollectionDialogs } from './collectionDialogs';

// The entry of dist/keyFlows.js: the key commands' dialogues (Generate, Rotate, Revoke API Key, and their browser path
// on servers without programmatic key management), required by keyCommands.ts the first time a key command runs.
export { generateKeyFlow, revokeKeyFlow } from '../../core/keys/keyFlows';
export { rotateKeyFlow } from '../../core/keys/rotateKeyFlow';

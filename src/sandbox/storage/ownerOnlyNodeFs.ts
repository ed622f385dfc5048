// PGlite's Node file system with owner-only modes: PostgreSQL inside PGlite asks for 0666 files (its initdb, the
// relation cache files) and 0755 folders, and Emscripten's NODEFS passes those modes to Node as they are (an explicit
// chmod ignores the umask), so a database would be readable, and its template writable, by every local user.
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { GROUP_AND_OTHERS } from './ownerOnlyFiles';

type PGliteInstance = Parameters<NodeFS['init']>[0];
type EmscriptenOptions = Parameters<NodeFS['init']>[1];
type EmscriptenModule = Parameters<NonNullable<EmscriptenOptions['preRun']>[number]>[0];

interface NodeOps {
  mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
  setattr(node: unknown, attr: { mode?: number }): void;
}
interface StreamOps {
  setattr?(stream: unknown, attr: { mode?: number }): void;
}

const restricted = Symbol('owner-only modes');

/** Makes this Emscripten module's NODEFS create and chmod files and folders for their owner only. */
function restrictModes(module: EmscriptenModule): void {
  const nodefs = module.NODEFS as unknown as { node_ops: NodeOps; stream_ops: StreamOps; [restricted]?: true };
  if (nodefs[restricted]) return;
  nodefs[restricted] = true;
  const { node_ops: nodeOps, stream_ops: streamOps } = nodefs;
  const mknod = nodeOps.mknod.bind(nodeOps);
  nodeOps.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_AND_OTHERS, dev);
  const setattr = nodeOps.setattr.bind(nodeOps);
  nodeOps.setattr = (node, attr) => setattr(node, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHERS });
  const streamSetattr = streamOps.setattr?.bind(streamOps);
  if (streamSetattr)
    streamOps.setattr = (stream, attr) =>
      streamSetattr(stream, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHERS });
}

/** NodeFS whose files are 0600 and folders 0700 whatever PostgreSQL asks for. */
export class OwnerOnlyNodeFS extends NodeFS {
  override async init(pg: PGliteInstance, opts: EmscriptenOptions): Promise<{ emscriptenOpts: EmscriptenOptions }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    // First, so that the data folder is mounted (by NodeFS's own step) with the restricted operations in place.
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [restrictModes, ...(emscriptenOpts.preRun ?? [])] } };
  }
}

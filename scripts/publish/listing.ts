import { lstatSync, promises as fs, readFileSync, type Dirent } from "node:fs";
import path from "node:path";

/** The published folder as a build finds it: its regular files, and the entries that are not regular files. */
export interface PublishedTree {
  files: Set<string>;
  others: Set<string>;
}

/** Lists the published folder (names relative to it); a missing folder is an empty one. */
export async function listPublished(dir: string, prefix = "", tree: PublishedTree = { files: new Set(), others: new Set() }): Promise<PublishedTree> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return tree;
  }
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await listPublished(path.join(dir, entry.name), rel, tree);
    else if (entry.isFile()) tree.files.add(rel);
    else tree.others.add(rel); // a link or device where a file belongs: never equal, so it is replaced
  }
  return tree;
}

/** Reads a published file (a regular file inside public/, never through a link), or null. */
export function publishedReader(publicDir: string): (file: string) => Buffer | null {
  return (file) => {
    try {
      const full = path.join(publicDir, file);
      return lstatSync(full).isFile() ? readFileSync(full) : null;
    } catch {
      return null;
    }
  };
}

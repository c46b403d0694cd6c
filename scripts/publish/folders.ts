import path from "node:path";

/**
 * What a build keeps beside the published folder, all named after it: the new site while it is written
 * (`.public.next`), the previous one during the swap (`.public.previous`), and the build lock (`.public.lock`).
 */
const sibling = (publicDir: string, suffix: string) => path.join(path.dirname(publicDir), `.${path.basename(publicDir)}.${suffix}`);

export const nextDir = (publicDir: string) => sibling(publicDir, "next");
export const previousDir = (publicDir: string) => sibling(publicDir, "previous");
export const lockFile = (publicDir: string) => sibling(publicDir, "lock");

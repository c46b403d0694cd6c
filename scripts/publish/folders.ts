import path from "node:path";

/**
 * What a build keeps beside the published folder, all named after it: the new site while it is written
 * (`.public.next`), the previous one during the swap (`.public.previous`), the build lock (`.public.lock`), and
 * what the published site was built from (`.public.stamp`).
 */
const sibling = (publicDir: string, suffix: string) => path.join(path.dirname(publicDir), `.${path.basename(publicDir)}.${suffix}`);

export const nextDir = (publicDir: string) => sibling(publicDir, "next");
export const previousDir = (publicDir: string) => sibling(publicDir, "previous");
export const lockFile = (publicDir: string) => sibling(publicDir, "lock");
export const stampFile = (publicDir: string) => sibling(publicDir, "stamp");

/**
 * V8 flags for how soon the engine optimises a function, by the engine's major version; none where the default
 * served. Node 20's V8 (11.x) sends a function to TurboFan after 66 KiB of its bytecode have run: a build of the
 * real data then compiled some 290 functions, 1.4 s of compiling on V8's helper threads, most of it for code that
 * had finished before its optimised version was ready, on two cores that the build needs for creating its files.
 * With eight times the budget it compiled about 70, in 0.16 s, and the build took about 0.3 s less; code that runs
 * long (a build of 10,000 providers) is optimised all the same, a little later (BENCHMARKS.md, November 28th,
 * late). Later engines (Node 22 and up) tier up through Maglev first and gained nothing measurable from the
 * equivalent change, so they keep their defaults.
 * @param {string} v8Version `process.versions.v8`
 * @returns {string[]}
 */
export function tieringFlags(v8Version) {
  const major = Number(v8Version.split(".")[0]);
  return major <= 11 ? [`--interrupt-budget=${8 * 66 * 1024}`] : [];
}

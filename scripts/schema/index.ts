export * from "./primitives.js";
export * from "./fact.js";
export * from "./model.js";
export * from "./provider.js";
export * from "./resources.js";
export * from "./observation.js";
export * from "./repositoryFile.js";
export * from "./sourceWatch.js";

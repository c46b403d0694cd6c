/** The few parts of Frictionless's JavaScript Data Package library (the npm package datapackage) the tests use. */
declare module "datapackage" {
  export interface TableError extends Error {
    errors?: Array<{ message: string }>;
  }
  export interface Resource {
    name: string;
    tabular: boolean;
    read(options?: { keyed?: boolean; cast?: boolean }): Promise<Array<Record<string, unknown>>>;
  }
  export class Package {
    static load(descriptor: string | Record<string, unknown>, options?: { basePath?: string; strict?: boolean }): Promise<Package>;
    readonly valid: boolean;
    readonly errors: Error[];
    readonly resources: Resource[];
  }
}

export interface ExcludingPackage {
  name: string;
  version: string;
  range: string;
  path: string;
}
export declare function packagesExcluding(projectRoot: string, nodeVersion: string): ExcludingPackage[];
export declare function lowestSupportedNode(projectRoot: string): string;

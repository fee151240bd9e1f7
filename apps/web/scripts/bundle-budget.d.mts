export declare const BUDGETS: { jsGzip: number; cssGzip: number; jsFiles: number };
export declare const PAGES: Record<string, { route: string; modules: string[] }>;
export interface PageSize {
  jsGzip: number;
  cssGzip: number;
  files: { js: string[]; css: string[] };
}
export declare function buildForBudget(): Promise<string>;
export declare function measurePages(outDir: string): Record<string, PageSize>;

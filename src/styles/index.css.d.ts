// The stylesheet exports nothing. This declaration only tells TypeScript that
// `import "mcp-widget-kit/styles.css"` resolves, so apps compile under TypeScript 6+/7, which
// check side-effect imports (TS2882) by default.
export {};

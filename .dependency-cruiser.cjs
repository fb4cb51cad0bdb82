// Where code may import from (ARCHITECTURE.md, "Features and their front doors").
// `npm run lint` runs it over the server and the web app; tests may reach further.
const features = '^(server|web)/src/features/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-front-door',
      comment:
        "A feature uses another only through that feature's front door (its index.ts); what it keeps inside may change freely.",
      severity: 'error',
      from: { path: features, pathNot: '\\.(test|spec)\\.tsx?$' },
      to: {
        path: '^$1/src/features/([^/]+)/',
        pathNot: ['^$1/src/features/$2/', '^$1/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'shared-below-features',
      comment:
        'The shared layers (platform, http, db and the document kernel; the web ui and locales) know no feature.',
      severity: 'error',
      from: { path: '^(server/src/(platform|http|db|documents)|web/src/(ui|locales))/' },
      to: { path: '^(server|web)/src/features/' },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycle: a change ripples along one direction only.',
      severity: 'error',
      from: { path: '^(server|web)/src/', pathNot: '\\.(test|spec)\\.tsx?$' },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.(test|spec)\\.tsx?$', '/src/test/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};

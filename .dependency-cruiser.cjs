/**
 * The layering of docs/architecture.md, checked by `npm test` (scripts/test.mjs, stage "architecture").
 * Inside functions/, bottom to top: contracts -> domain -> adapters -> platform -> entry points
 * (http, api, workers). A module may import its own layer and the layers below it, never above.
 */
const ENTRY = '^functions/(http|api|workers)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle hides which module is the lower one; break it by moving the shared part down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-are-the-bottom',
      severity: 'error',
      comment: 'contracts/ holds port interfaces, queue messages, ContractError and key layouts: nothing of the layers above.',
      from: { path: '^functions/contracts/' },
      to: { path: '^functions/(domain|adapters|platform|http|api|workers)/' },
    },
    {
      name: 'domain-imports-no-adapter-platform-or-entry-point',
      severity: 'error',
      comment: 'Domain code works on ports (functions/contracts); adapters are chosen by a composition root.',
      from: { path: '^functions/domain/' },
      to: { path: '^functions/(adapters|platform|http|api|workers)/' },
    },
    {
      name: 'table-access-lives-in-store-modules',
      severity: 'error',
      comment: 'Each capability reads and writes its table items in its repository or store modules (*-repository.ts, *-store.ts) or through domain/table; rules and services call those.',
      from: { path: '^functions/domain/', pathNot: '(-repository|-store)\\.ts$|^functions/domain/table/|\\.test\\.ts$' },
      to: { path: 'node_modules/@aws-sdk/(lib|client)-dynamodb/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'adapters-import-no-platform-or-entry-point',
      severity: 'error',
      comment: 'An adapter implements a port; choosing it is the composition root\'s job.',
      from: { path: '^functions/adapters/' },
      to: { path: '^functions/(platform|http|api|workers)/' },
    },
    {
      name: 'platform-imports-no-entry-point',
      severity: 'error',
      comment: 'The cloud composition root sits below the entry points that use it.',
      from: { path: '^functions/platform/' },
      to: { path: ENTRY },
    },
    {
      name: 'http-is-shared-by-entry-points-not-the-reverse',
      severity: 'error',
      comment: 'functions/http/ holds what every entry point shares; it imports no family and no worker.',
      from: { path: '^functions/http/' },
      to: { path: '^functions/(api|workers)/' },
    },
    {
      name: 'one-family-does-not-reach-into-another',
      severity: 'error',
      comment: 'A rule two families need belongs to the domain, not to one of them.',
      from: { path: '^functions/api/([^/]+)/' },
      to: { path: '^functions/api/', pathNot: '^functions/api/$1/' },
    },
    {
      name: 'functions-do-not-import-local-or-frontend',
      severity: 'error',
      comment: 'Lambda code never bundles the embedded runtime or the web client.',
      from: { path: '^functions/' },
      to: { path: '^(local|frontend|lib|bin|bench)/' },
      // Tests beside the code may use the kits under test/support.
    },
    {
      name: 'frontend-imports-only-shared',
      severity: 'error',
      comment: 'The web client shares only the contract (shared/) with the server.',
      from: { path: '^frontend/' },
      to: { path: '^(functions|lib|local|bin)/' },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'shared/ is used by both sides, so it imports neither.',
      from: { path: '^shared/' },
      to: { path: '^(functions|frontend|lib|local|bin|test|bench)/' },
    },
    {
      name: 'product-code-imports-no-test-kit',
      severity: 'error',
      comment: 'Test kits live under test/support or __fixtures__ and are used by tests only.',
      from: { path: '^(functions|local|frontend/src|shared|lib|bin)/', pathNot: '(\\.test\\.tsx?$|/__fixtures__/)' },
      to: { path: '(^test/|/__fixtures__/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules stay in the graph (not followed), so rules can name packages.
    exclude: { path: '(^|/)(dist|cdk\\.out|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

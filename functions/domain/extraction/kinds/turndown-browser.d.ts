// The browser build exports the same class as the package's main entry, typed by @types/turndown.
declare module 'turndown/lib/turndown.browser.es.js' {
  import TurndownService from 'turndown';
  export default TurndownService;
}

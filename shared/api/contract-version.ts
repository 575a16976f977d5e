/** The version of ../shared/spec/api-contract.md this code implements; OpenAPI's info.version. */
export const CONTRACT_VERSION = '1.1';

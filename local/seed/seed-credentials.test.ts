import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SEED_EMAILS, generatePassword, resolveSeedCredentials } from './seed-credentials';

const dirs: string[] = [];
function credentialsFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'seed-'));
  dirs.push(dir);
  return join(dir, 'nested', 'seed-credentials.json');
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('seed credentials', () => {
  it('generates passwords with every character class', () => {
    for (let i = 0; i < 50; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(16);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[-_.!]/);
    }
  });

  it('uses the documented emails, generates passwords once and keeps them', () => {
    const file = credentialsFile();
    const first = resolveSeedCredentials(file, {});
    expect(first.ADMIN.email).toBe(DEFAULT_SEED_EMAILS.ADMIN);
    expect(new Set(Object.values(first).map((entry) => entry.password)).size).toBe(4);
    const second = resolveSeedCredentials(file, {});
    expect(second).toEqual(first);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
  });

  it('takes emails and passwords from GROUNDWORK_SEED_<ROLE>_* when set, lowercasing emails', () => {
    const file = credentialsFile();
    resolveSeedCredentials(file, {});
    const resolved = resolveSeedCredentials(file, { GROUNDWORK_SEED_RAG_USER_EMAIL: ' Chat@Acme.Example.com ', GROUNDWORK_SEED_RAG_USER_PASSWORD: 'Given-Password-1' });
    expect(resolved.RAG_USER).toEqual({ email: 'chat@acme.example.com', password: 'Given-Password-1' });
  });
});

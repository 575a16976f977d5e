import { describe, expect, it } from 'vitest';
import { dateLine, usageTooltip } from './source-row';

describe("a website's or an API's list row", () => {
  it("dates a row 'Created on' when both dates agree, else 'Updated on', and 'Unknown date' without one", () => {
    expect(dateLine({ created_at: '2025-03-01T09:30:00.000Z', updated_at: '2025-03-01T09:30:00.000Z' })).toMatch(/^Created on .*2025/);
    expect(dateLine({ created_at: '2025-03-01T09:30:00.000Z', updated_at: '2025-04-02T10:00:00.000Z' })).toMatch(/^Updated on .*2025/);
    expect(dateLine({ created_at: null, updated_at: undefined })).toBe('Unknown date');
    expect(dateLine({ created_at: 'not a date', updated_at: 'not a date' })).toBe('Unknown date');
  });

  it('lists the knowledge bases under the heading of the In Use tooltip', () => {
    expect(usageTooltip([{ name: 'Docs' }, { name: 'Support' }])).toBe('Used in Knowledge Bases:\nDocs\nSupport');
    expect(usageTooltip([])).toBe('Not used by any knowledge base');
  });
});

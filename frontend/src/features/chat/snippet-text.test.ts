import { describe, expect, it } from 'vitest';
import { snippetAsPlainText } from './snippet-text';

describe('snippetAsPlainText', () => {
  it('drops headings, emphasis, links and code marks, keeping their text', () => {
    expect(snippetAsPlainText('## Refunds Customers get **a full refund** within [30 days](https://shop.example.com/terms "Terms") of `purchase`.')).toBe(
      'Refunds Customers get a full refund within 30 days of purchase.',
    );
    expect(snippetAsPlainText('# Leave > Employees get *25 days* of _paid_ leave. ![chart](leave.png)')).toBe('Leave Employees get 25 days of paid leave. chart');
  });

  it('drops bullets and table pipes, but keeps snake_case, dashes in prose and C#', () => {
    expect(snippetAsPlainText('- first * second + third')).toBe('first second third');
    expect(snippetAsPlainText('| Plan | Price | | --- | ---: | | Pro | 20 |')).toBe('Plan · Price · Pro · 20');
    expect(snippetAsPlainText('set max_tokens - the limit - in C# code')).toBe('set max_tokens - the limit - in C# code');
  });

  it('drops the half of a bold pair a cut left, and backslash escapes', () => {
    expect(snippetAsPlainText('…the **deadline is 5 pm…')).toBe('…the deadline is 5 pm…');
    expect(snippetAsPlainText('costs 5\\* per user')).toBe('costs 5* per user');
  });

  it('leaves plain text alone', () => {
    expect(snippetAsPlainText('Employees get 25 days of paid leave.')).toBe('Employees get 25 days of paid leave.');
  });
});

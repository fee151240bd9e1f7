import { describe, expect, it } from 'vitest';
import { REASON_TEMPLATES, statementPreview } from '@/features/moderation/statement';

describe('statementPreview (issue 30: the statement of reasons)', () => {
  it('says what was decided, the facts, the rule, that it followed a report, and how to appeal', () => {
    const text = statementPreview({ action: 'suspend', reasonCode: 'harassment', facts: REASON_TEMPLATES.harassment, days: 7, reported: true });
    expect(text).toContain('We have suspended your account for 7 days.');
    expect(text).toContain(`Facts: ${REASON_TEMPLATES.harassment}`);
    expect(text).toContain('Rule: Harassment.');
    expect(text).toContain('follows a report by another member');
    expect(text).toContain('you can appeal within 6 months');
  });

  it('names what remove_content removed, and a dismissal offers no appeal', () => {
    expect(statementPreview({ action: 'remove_content', reasonCode: 'inappropriate_content', facts: 'x', reported: false, removed: ['your about text'] }))
      .toContain('We removed your about text from your profile.');
    const dismissed = statementPreview({ action: 'dismiss', reasonCode: 'no_violation', facts: 'x', reported: true });
    expect(dismissed).not.toContain('appeal');
  });
});

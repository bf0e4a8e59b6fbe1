// Issue 10 'One engine, many review products': the server's SQL lives in server/repos (server/README.md 'Layers'),
// so no route, service, job or shared module talks to the database itself. Like tests/app/boundaries.test.ts for
// imports, this reads the code: a `.query(` call, or string text that is an SQL statement, outside the allowed files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Where SQL may be written: the repositories; db.ts, the Db implementation itself (transactions, LISTEN); migrate.ts,
 * which applies migrations/*.sql and keeps its own schema_migrations table before any repository's table exists;
 * and seed/, the demo data loaded into an empty database (main.ts, tests' reset), not a flow of the app.
 */
const SQL_ALLOWED = [/^server\/repos\//, /^server\/db\.ts$/, /^server\/migrate\.ts$/, /^server\/seed\//];

/** Text that is an SQL statement (keywords as the code writes them: upper case). */
const SQL_STATEMENT =
  /\b(SELECT\s|INSERT\s+INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b|TRUNCATE\b|(CREATE|ALTER|DROP)\s+(TABLE|INDEX|FUNCTION|TRIGGER|SCHEMA)\b|LISTEN\s|NOTIFY\s)/;

/** Each `.query(` call and each string or template text holding an SQL statement, as `path:line what`. */
function sqlFindings(path: string, code: string): string[] {
  const source = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true);
  const findings: string[] = [];
  const at = (node: ts.Node, what: string) => findings.push(`${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'query') {
      at(node, `${node.expression.getText(source)}(…)`);
    }
    const text = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : ts.isTemplateExpression(node) ? node.getText(source) : null;
    if (text !== null && SQL_STATEMENT.test(text)) at(node, `SQL text ${JSON.stringify(text.slice(0, 60))}`);
    // A template's parts are inside the template: reported once, as the whole template.
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

const serverFiles = () =>
  readdirSync('server', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join('server', f));

describe('SQL only in server/repos (issue 10)', () => {
  it('no file of server/ outside the allowed ones runs a query or holds an SQL statement', () => {
    const files = serverFiles().filter((f) => !SQL_ALLOWED.some((allowed) => allowed.test(f)));
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain('server/services/auto-assignment.ts');
    expect(files.flatMap((f) => sqlFindings(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('the repositories do hold the SQL (the check reads what it should)', () => {
    const repos = serverFiles().filter((f) => f.startsWith('server/repos/'));
    expect(repos.flatMap((f) => sqlFindings(f, readFileSync(f, 'utf8'))).length).toBeGreaterThan(100);
  });

  it.each([
    ['a query call', "await db.query('SELECT 1');", 2],
    ['a query through the app', 'await request.server.db.query(sql, []);', 1],
    ['SQL kept in a constant', "const claim = 'UPDATE gs_flags SET assigned_to = $1';", 1],
    ['SQL in a template', 'const q = `DELETE FROM remarks WHERE id = ${id}`;', 1],
    ['a NOTIFY by hand', "const n = 'NOTIFY auto_assignment';", 1],
  ])('finds %s', (_, code, count) => {
    expect(sqlFindings('server/services/fixture.ts', code)).toHaveLength(count);
  });

  it.each([
    ['a regular expression exec', 'const m = /^Bearer\\s+(\\S+)$/i.exec(header);'],
    ['a request querystring', 'const token = request.query.token;'],
    ['words in a message', "throw badRequest('Please select recipients');"],
    ['SQL words in a comment', '// SELECT id FROM users is in repos/users.ts'],
  ])('leaves alone %s', (_, code) => {
    expect(sqlFindings('server/services/fixture.ts', code)).toEqual([]);
  });
});

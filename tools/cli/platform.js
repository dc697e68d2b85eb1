// The CLI's view of the platform: JSON requests through the gateway with Basic credentials, and a
// multipart upload streamed from a file with progress.
const { createReadStream, statSync } = require('node:fs');
const { basename } = require('node:path');
const { randomBytes } = require('node:crypto');

class Platform {
  constructor(url, user, password) {
    this.url = url.replace(/\/+$/, '');
    this.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  }

  /** @returns {{status, body}} body parsed when JSON. @throws Error when the platform cannot be reached. */
  async request(path, { method = 'GET', body, auth = true, accept = 'application/json' } = {}) {
    const headers = { accept };
    if (auth) headers.authorization = this.authorization;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res;
    try {
      res = await fetch(`${this.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30000) });
    } catch (err) {
      throw new Error(`${this.url} unreachable: ${err.cause?.message ?? err.message}`);
    }
    const text = await res.text();
    let parsed = text;
    try { parsed = text ? JSON.parse(text) : undefined; } catch { /* not JSON */ }
    return { status: res.status, body: parsed };
  }

  /** POSTs `file` as the multipart part `file`, calling `progress(sent, total)` as it goes. */
  async upload(path, file, progress) {
    const boundary = `----berth${randomBytes(12).toString('hex')}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${basename(file)}"\r\nContent-Type: application/zip\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const size = statSync(file).size;
    const total = head.length + size + tail.length;
    const url = new URL(`${this.url}${path}`);
    const transport = require(url.protocol === 'https:' ? 'node:https' : 'node:http');
    return new Promise((resolve, reject) => {
      const req = transport.request(url, {
        method: 'POST',
        headers: { authorization: this.authorization, accept: 'application/json', 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': total },
      }, (res) => {
        let text = '';
        res.on('data', (c) => { text += c; }).on('end', () => {
          let body = text;
          try { body = JSON.parse(text); } catch { /* not JSON */ }
          resolve({ status: res.statusCode, body });
        });
      });
      req.on('error', (err) => reject(new Error(`upload failed: ${err.message}`)));
      let sent = 0;
      const count = (n) => { sent += n; progress(sent, total); };
      req.write(head);
      count(head.length);
      const stream = createReadStream(file, { highWaterMark: 256 * 1024 });
      stream.on('data', (chunk) => {
        if (!req.write(chunk)) stream.pause();
        count(chunk.length);
      });
      req.on('drain', () => stream.resume());
      stream.on('error', (err) => req.destroy(err));
      stream.on('end', () => { req.end(tail); count(tail.length); });
    });
  }
}

/** The platform's message of an error answer, or its status. */
const reason = (res) => `${res.status}${res.body?.error ? ` ${res.body.error}` : ''}${res.body?.message ? `: ${res.body.message}` : ''}`;

module.exports = { Platform, reason };

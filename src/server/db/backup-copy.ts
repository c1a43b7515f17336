import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type pg from 'pg';

/**
 * COPY through node-postgres (decision 024), whose submittable interface (the one pg-cursor uses) hands us the
 * connection: `copyOut` streams a table's rows into a file at the disk's pace, `copyIn` streams a file into a
 * table.
 */

interface CopyConnection {
  stream: { pause(): void; resume(): void; writableNeedDrain: boolean } & NodeJS.EventEmitter;
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}

abstract class CopyQuery {
  rows = 0;
  protected connection!: CopyConnection;
  protected failed = false;
  readonly done: Promise<number>;
  private settle!: { resolve: (rows: number) => void; reject: (error: Error) => void };

  constructor(private readonly text: string) {
    this.done = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
  }

  submit(connection: unknown): void {
    this.connection = connection as CopyConnection;
    this.connection.query(this.text);
  }

  handleCommandComplete(message: { text?: string }): void {
    this.rows = Number(/^COPY (\d+)/.exec(message.text ?? '')?.[1] ?? 0);
  }

  handleReadyForQuery(): void {
    if (!this.failed) this.settle.resolve(this.rows);
  }

  handleError(error: Error): void {
    this.fail(error);
  }

  protected fail(error: Error): void {
    if (this.failed) return;
    this.failed = true;
    this.settle.reject(error);
  }
}

const BATCH_BYTES = 64 * 1024;

/**
 * Rows flow at the sink's pace: the socket is paused while the sink is full. The messages of the chunk already
 * read still arrive (one pause, one wait for drain), and the socket is always resumed when the COPY ends: a sink
 * ended full may never say drain again, and the connection's next query would wait forever.
 *
 * A row's bytes are a view into node-postgres's read buffer, which it reuses for the next data from the socket:
 * they are copied (into 64 kB batches, one write each) before the sink, which writes later, may hold them.
 */
class CopyTo extends CopyQuery {
  private batch = Buffer.allocUnsafe(BATCH_BYTES);
  private used = 0;
  private paused = false;
  private readonly resume = () => {
    if (!this.paused) return;
    this.paused = false;
    this.sink.off('drain', this.resume);
    this.connection.stream.resume();
  };

  constructor(
    text: string,
    private readonly sink: Writable,
  ) {
    super(text);
    sink.on('error', (error) => this.fail(error));
  }

  private write(bytes: Buffer): void {
    if (this.sink.write(bytes) || this.paused) return;
    this.paused = true;
    this.connection.stream.pause();
    this.sink.once('drain', this.resume);
  }

  private flush(): void {
    if (this.used === 0) return;
    const full = this.batch.subarray(0, this.used);
    this.batch = Buffer.allocUnsafe(BATCH_BYTES);
    this.used = 0;
    this.write(full);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    const { chunk } = message;
    if (chunk.length > BATCH_BYTES - this.used) this.flush();
    if (chunk.length >= BATCH_BYTES) this.write(Buffer.from(chunk));
    else {
      chunk.copy(this.batch, this.used);
      this.used += chunk.length;
    }
  }

  override handleCommandComplete(message: { text?: string }): void {
    this.flush();
    super.handleCommandComplete(message);
  }

  override handleReadyForQuery(): void {
    this.resume();
    super.handleReadyForQuery();
  }

  override handleError(error: Error): void {
    this.resume();
    super.handleError(error);
  }
}

class CopyFrom extends CopyQuery {
  constructor(
    text: string,
    private readonly source: Readable,
  ) {
    super(text);
  }

  handleCopyInResponse(): void {
    void this.pump();
  }

  private async pump(): Promise<void> {
    try {
      for await (const chunk of this.source as AsyncIterable<Buffer>) {
        if (this.failed) return;
        this.connection.sendCopyFromChunk(chunk);
        if (this.connection.stream.writableNeedDrain) await once(this.connection.stream, 'drain');
      }
      this.connection.endCopyFrom();
    } catch (error) {
      // The server answers the failure with an error of its own, which ends the query; ours is the one to tell.
      this.fail(error as Error);
      this.connection.sendCopyFail((error as Error).message);
    }
  }
}

/** Runs `COPY … TO STDOUT` into `sink` (ended when done); resolves with the rows copied. */
export async function copyOut(client: pg.Client, text: string, sink: Writable): Promise<number> {
  const query = new CopyTo(text, sink);
  client.query(query);
  const rows = await query.done;
  sink.end();
  await once(sink, 'finish');
  return rows;
}

/** Runs `COPY … FROM STDIN` from `source`; resolves with the rows loaded. */
export async function copyIn(client: pg.Client, text: string, source: Readable): Promise<number> {
  const query = new CopyFrom(text, source);
  client.query(query);
  return query.done;
}

/**
 * Frame documents the page registered, served back by id from `GET /devhost/frames/<id>`.
 * Kept in memory and bounded: a dev session needs the last few, never an unbounded history.
 */
import { randomUUID } from "node:crypto";

/** A prepared frame: the document and the CSP header it is served with. */
export interface StoredFrame {
  readonly html: string;
  readonly csp: string;
}

/** A bounded, insertion-ordered store of frame documents. */
export class FrameStore {
  private readonly frames = new Map<string, StoredFrame>();

  constructor(private readonly capacity = 32) {}

  /** Stores a frame and returns its new, unguessable id. */
  add(frame: StoredFrame): string {
    const id = randomUUID();
    this.frames.set(id, frame);
    while (this.frames.size > this.capacity) {
      const oldest = this.frames.keys().next().value;
      if (oldest === undefined) break;
      this.frames.delete(oldest);
    }
    return id;
  }

  /** The frame with this id, if it is still kept. */
  get(id: string): StoredFrame | undefined {
    return this.frames.get(id);
  }
}

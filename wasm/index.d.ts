// Types of the Baloot engine's JavaScript API (index.js). Cards are strings such as "10H" (rank 7 8 9 10 J Q K
// A, then suit S H D C); actions are cards or calls: "pass", "hokum", "hokum:S", "sun", "ashkal", "double",
// "three", "four", "gahwa", "double:closed", "four:closed", "kawesh".

export type Card = string;
export type Action = string;
export type Mode = 'sun' | 'hokum';
export type Suit = 'S' | 'H' | 'D' | 'C';
export type Phase = 'bidding' | 'doubling' | 'playing' | 'over';
export type PlayerSpec = string | Player;
export type Players = PlayerSpec | [PlayerSpec, PlayerSpec, PlayerSpec, PlayerSpec];

/** A value the engine refused; `message` names it. */
export class BalootError extends Error {
  status: 'bad argument' | 'illegal action' | 'no memory' | 'internal';
}

interface Handle {
  /** Releases the engine's memory now (otherwise when the object is garbage-collected). */
  free(): void;
}

export interface Rules extends Handle {
  set(name: string, value: string | number | boolean): Rules;
  get(name: string): string;
}

export interface Player extends Handle {
  readonly spec: string;
  choose(hand: Hand, seed?: number | bigint): Action;
}

export interface Contract {
  mode: Mode;
  trump: Suit | null;
  buyer: number;
  ashkal: boolean;
  multiplier: number;
  gahwa: boolean;
  closed: boolean;
}

export interface HandInfo {
  phase: Phase;
  toMove: number | null;
  dealer: number;
  upCard: Card;
  round: number;
  scores: [number, number];
  contract: Contract | null;
  leader: number;
  trick: Card[];
  tricksPlayed: number;
  tricksWon: [number, number];
  abnat: [number, number];
}

export interface HandResult {
  thrownIn: boolean;
  made: boolean;
  kaboot: number | null;
  points: [number, number];
  abnat: [number, number];
  tricks: [number, number];
}

export interface Solution {
  value: [number, number];
  toMove: number;
  best: Card[];
  moves: Record<Card, number>;
}

export interface DealOptions {
  dealer?: number;
  scores?: [number, number];
  rules?: Rules;
}

export interface Hand extends Handle {
  copy(): Hand;
  legalActions(): Action[];
  /** Throws BalootError (status "illegal action") and leaves the hand as it was when `action` is not legal now. */
  apply(action: Action): Hand;
  info(): HandInfo;
  cards(seat: number): Card[];
  played(): Card[];
  observe(seat: number): Float32Array;
  result(): HandResult;
  solve(): Solution;
}

export interface HandStatic {
  deal(options?: DealOptions & { seed?: number | bigint }): Hand;
  fromDeck(deck: Card[] | string, options?: DealOptions): Hand;
  forBid(five: Card[] | string, upCard: Card, options: DealOptions & { seat: number }): Hand;
}

export interface SimRows {
  points: Int16Array; abnat: Int16Array; projects: Int16Array; tricks: Int8Array;
  mode: Int8Array; trump: Int8Array; buyer: Int8Array; dealer: Int8Array; made: Int8Array; kaboot: Int8Array;
  multiplier: Int8Array; gahwa: Int8Array; ashkal: Int8Array; baloot: Int8Array;
}

export interface CallOutcome {
  call: Action;
  margins: Int16Array;
  mean: number;
}

export interface BidAnalysis {
  calls: CallOutcome[];
  best: Action;
  samples: number;
  seed: number;
}

export interface Baloot {
  readonly apiVersion: number;
  readonly DECK: Card[];
  readonly ACTIONS: Action[];
  BalootError: typeof BalootError;
  Rules: new (options?: Record<string, string | number | boolean>) => Rules;
  Player: new (spec: string) => Player;
  Hand: HandStatic;
  legalMoves(hand: Card[] | string, trick: Card[] | string, mode: Mode, trump?: Suit | null,
             options?: { rules?: Rules; played?: Card[]; closed?: boolean }): Card[];
  trickWinner(trick: Card[] | string, mode: Mode, trump?: Suit | null): number;
  simulate(options: { hands: number; players?: Players; seed?: number | bigint; start?: number; rules?: Rules;
                      contract?: string }): SimRows;
  ddTables(deals: (Card[][] | number[])[], leaders?: number | number[]): Int16Array;
  analyzeBid(five: Card[] | string, upCard: Card, options: { seat: number; dealer?: number; samples?: number;
             seed?: number | bigint; players?: Players; rules?: Rules; scores?: [number, number] }): BidAnalysis;
  players(): string[];
  rules(): string[];
}

export function load(): Promise<Baloot>;

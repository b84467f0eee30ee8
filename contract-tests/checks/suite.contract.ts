// The contract suite: every kind of check, in one jest file, so that the whole plan is known
// (and counted for the progress lines) before the first check runs.
import './conformance.js';
import './negative.js';
import './credentials.js';
import './routing.js';
import './generated.js';
import './values.js';
import './mass-assignment.js';
import './lists.js';
import './numbered-pages.js';
import './rules-pets.js';
import './rules-orders.js';
import './rules-undone.js';
import './stateful.js';
import './conventions.js';
import './deprecation.js';
import './rate-limits.js';
import './limit-refusal.js';
import './plan-limits.js';
import './day-limit.js';
import './meaning.js';
import './concurrency.js';
import './concurrency-rules.js';
import { writePlan } from '../support/checks.js';

writePlan();

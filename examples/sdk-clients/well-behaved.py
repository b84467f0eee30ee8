"""A well-behaved client in Python with only its standard library (urllib): five calls, each
answered or waited for as Retry-After says (delta-seconds, or an HTTP-date measured from the
answer's own Date; without Retry-After, until X-RateLimit-Reset), the same for a 503; a broken
connection, an answer cut short and a stalled one (its timeout) retried with growing waits;
pacing itself when X-RateLimit-Remaining reaches 0, and giving up, with the error, when asked to
wait too long. It reads only, so sdk-check does not exercise its creates.
Run it as: petstore-mock sdk-check -- python3 examples/sdk-clients/well-behaved.py
"""
import http.client
import os
import sys
import time
import urllib.error
import urllib.request
from email.utils import parsedate_to_datetime

BASE = os.environ["PETSTORE_BASE_URL"]
KEY = os.environ["PETSTORE_API_KEY"]
CALLS = int(os.environ.get("CALLS", "5"))
LONGEST_WAIT_SECONDS = 60
TIMEOUT_SECONDS = 5
FIRST_BACKOFF_SECONDS = 1


def answer_now(headers):
    """The answer's own "now" (RFC 9110 section 6.6.1), in seconds."""
    date = headers.get("Date")
    return parsedate_to_datetime(date).timestamp() if date else time.time()


def until_reset(headers):
    return float(headers.get("X-RateLimit-Reset", "0")) - answer_now(headers)


def wait_of(headers):
    value = headers.get("Retry-After")
    if value is None:
        return max(0.0, until_reset(headers))
    if value.isdigit():
        return float(value)
    return max(0.0, parsedate_to_datetime(value).timestamp() - answer_now(headers))


def call():
    """One call, retried as the API says (and with growing waits after faults) until it is answered."""
    backoff = FIRST_BACKOFF_SECONDS
    for _ in range(20):
        request = urllib.request.Request(f"{BASE}/pets?limit=1", headers={"X-API-Key": KEY})
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as answer:
                # A body cut short of its Content-Length raises IncompleteRead: never used.
                answer.read()
                return answer.headers
        except urllib.error.HTTPError as refusal:
            refusal.read()
            if refusal.code not in (429, 403, 503):
                sys.exit(f"Unexpected answer {refusal.code}.")
            wait = wait_of(refusal.headers)
            if wait > LONGEST_WAIT_SECONDS:
                sys.exit(f"The API refused with {refusal.code} and asks to wait {round(wait)} s: giving up.")
            time.sleep(wait + 0.05)
        except (urllib.error.URLError, http.client.HTTPException, OSError):
            # A reset, a cut answer, a timeout: the read is tried again, each wait twice the last.
            time.sleep(backoff)
            backoff *= 2
    sys.exit("20 attempts without an answer: giving up.")


for answered in range(1, CALLS + 1):
    headers = call()
    if headers.get("X-RateLimit-Remaining") == "0" and answered < CALLS:
        wait = until_reset(headers)
        if 0 < wait <= LONGEST_WAIT_SECONDS:
            time.sleep(wait + 0.05)
print(f"{CALLS} calls answered.")

"""Mail sent off the request path, so how long a page takes says nothing of who has an account.

A password reset for a known address sends a mail and one for an unknown address does not;
sent in the request, the SMTP round trip would tell the two apart. The message is built in
the request (its templates, in the reader's language) and handed to one worker thread.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor, wait

from django.core.mail import EmailMessage

logger = logging.getLogger(__name__)

_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mail")
_lock = threading.Lock()
_pending: set[Future[None]] = set()


def mail_send_later(*, message: EmailMessage) -> None:
    """Send ``message`` from the mail thread; a failure is logged, never raised."""
    future = _pool.submit(_send, message)
    with _lock:
        _pending.add(future)
    future.add_done_callback(_forget)


def mail_wait(*, timeout: float = 30.0) -> None:
    """Wait until every mail handed over so far is sent (for tests and shutdown)."""
    with _lock:
        pending = set(_pending)
    wait(pending, timeout=timeout)


def _send(message: EmailMessage) -> None:
    try:
        message.send()
    except Exception:
        # As Django's own password reset does: a mail server's failure is logged.
        logger.exception("Failed to send mail to %s", ", ".join(message.to))


def _forget(future: Future[None]) -> None:
    with _lock:
        _pending.discard(future)

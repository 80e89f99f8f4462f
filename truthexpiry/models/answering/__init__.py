"""One question and its answer: the request and response, the question as read, messages found,
claims, verdicts and answers, notices, and whose questions are answered."""

"""Words that carry no subject in a question: dropped from search queries, online and offline.

One list, used by the Slack search plan and the offline corpus search alike.
"""

STOPWORDS = frozenset(
    # greetings and politeness
    "hi hello hey hiya yo morning afternoon evening thanks thank thx ty please pls plz folks "
    "everyone everybody all guys quick question qq sorry "
    # question words and auxiliaries
    "what whats which who whom whose when where why how is are was were be been being "
    "am do does did done has have had can could will would should shall may might must "
    "isn aren wasn weren doesn don didn hasn haven hadn cannot couldn won wouldn shouldn "
    # pronouns and determiners
    "i me my mine we us our you your it its they them their this that these those "
    "there here anyone someone somebody anybody any some "
    # prepositions, conjunctions, articles
    "a an the of to in into on onto at by for from with without about as than then so if "
    "or and but nor via per up out over "
    # fillers that ask about freshness or knowledge rather than the subject
    "still currently current now today right actually just really also yet ever again know "
    "knows tell remind remember think thought wondering wonder confirm check sure anymore "
    "more let get got need say said says "
    # link debris
    "http https www".split()
)

"""What routing compares a question with: CUAD's category descriptions, trigger phrases a
lawyer would use for each category, and background topics that are not CUAD categories (so
a question about them routes to none). Data only; shared.clauses.routing uses it.
"""

from __future__ import annotations

# CUAD category descriptions, copied from CUAD v1 category_descriptions.csv.
# Source: The Atticus Project, CUAD (Hendrycks et al., 2021), licensed CC BY 4.0.
# Keys use the spelling of shared.clauses.catalogue.CATEGORIES (CUAD's question form capitalises so).
DESCRIPTIONS: dict[str, str] = {
    "Document Name": "The name of the contract",
    "Parties": "The two or more parties who signed the contract",
    "Agreement Date": "The date of the contract",
    "Effective Date": "The date when the contract is effective",
    "Expiration Date": "On what date will the contract's initial term expire?",
    "Renewal Term": "What is the renewal term after the initial term expires? This includes automatic extensions and unilateral extensions with prior notice.",
    "Notice Period To Terminate Renewal": "What is the notice period required to terminate renewal?",
    "Governing Law": "Which state/country's law governs the interpretation of the contract?",
    "Most Favored Nation": "Is there a clause that if a third party gets better terms on the licensing or sale of technology/goods/services described in the contract, the buyer of such technology/goods/services under the contract shall be entitled to those better terms?",
    "Non-Compete": "Is there a restriction on the ability of a party to compete with the counterparty or operate in a certain geography or business or technology sector?",
    "Exclusivity": "Is there an exclusive dealing  commitment with the counterparty? This includes a commitment to procure all “requirements” from one party of certain technology, goods, or services or a prohibition on licensing or selling technology, goods or services to third parties, or a prohibition on  collaborating or working with other parties), whether during the contract or  after the contract ends (or both).",
    "No-Solicit Of Customers": "Is a party restricted from contracting or soliciting customers or partners of the counterparty, whether during the contract or after the contract ends (or both)?",
    "Competitive Restriction Exception": "This category includes the exceptions or carveouts to Non-Compete, Exclusivity and No-Solicit of Customers above.",
    "No-Solicit Of Employees": "Is there a restriction on a party’s soliciting or hiring employees and/or contractors from the  counterparty, whether during the contract or after the contract ends (or both)?",
    "Non-Disparagement": "Is there a requirement on a party not to disparage the counterparty?",
    "Termination For Convenience": "Can a party terminate this  contract without cause (solely by giving a notice and allowing a waiting  period to expire)?",
    "Rofr/Rofo/Rofn": "Is there a clause granting one party a right of first refusal, right of first offer or right of first negotiation to purchase, license, market, or distribute equity interest, technology, assets, products or services?",
    "Change Of Control": "Does one party have the right to terminate or is consent or notice required of the counterparty if such party undergoes a change of control, such as a merger, stock sale, transfer of all or substantially all of its assets or business, or assignment by operation of law?",
    "Anti-Assignment": "Is consent or notice required of a party if the contract is assigned to a third party?",
    "Revenue/Profit Sharing": "Is one party required to share revenue or profit with the counterparty for any technology, goods, or services?",
    "Price Restrictions": "Is there a restriction on the  ability of a party to raise or reduce prices of technology, goods, or  services provided?",
    "Minimum Commitment": "Is there a minimum order size or minimum amount or units per-time period that one party must buy from the counterparty under the contract?",
    "Volume Restriction": "Is there a fee increase or consent requirement, etc. if one party’s use of the product/services exceeds certain threshold?",
    "Ip Ownership Assignment": "Does intellectual property created  by one party become the property of the counterparty, either per the terms of the contract or upon the occurrence of certain events?",
    "Joint Ip Ownership": "Is there any clause providing for joint or shared ownership of intellectual property between the parties to the contract?",
    "License Grant": "Does the contract contain a license granted by one party to its counterparty?",
    "Non-Transferable License": "Does the contract limit the ability of a party to transfer the license being granted to a third party?",
    "Affiliate License-Licensor": "Does the contract contain a license grant by affiliates of the licensor or that includes intellectual property of affiliates of the licensor?",
    "Affiliate License-Licensee": "Does the contract contain a license grant to a licensee (incl. sublicensor) and the affiliates of such licensee/sublicensor?",
    "Unlimited/All-You-Can-Eat-License": "Is there a clause granting one party an “enterprise,” “all you can eat” or unlimited usage license?",
    "Irrevocable Or Perpetual License": "Does the contract contain a  license grant that is irrevocable or perpetual?",
    "Source Code Escrow": "Is one party required to deposit its source code into escrow with a third party, which can be released to the counterparty upon the occurrence of certain events (bankruptcy,  insolvency, etc.)?",
    "Post-Termination Services": "Is a party subject to obligations after the termination or expiration of a contract, including any post-termination transition, payment, transfer of IP, wind-down, last-buy, or similar commitments?",
    "Audit Rights": "Does a party have the right to  audit the books, records, or physical locations of the counterparty to ensure compliance with the contract?",
    "Uncapped Liability": "Is a party’s liability uncapped upon the breach of its obligation in the contract? This also includes uncap liability for a particular type of breach such as IP infringement or breach of confidentiality obligation.",
    "Cap On Liability": "Does the contract include a cap on liability upon the breach of a party’s obligation? This includes time limitation for the counterparty to bring claims or maximum amount for recovery.",
    "Liquidated Damages": "Does the contract contain a clause that would award either party liquidated damages for breach or a fee upon the termination of a contract (termination fee)?",
    "Warranty Duration": "What is the duration of any  warranty against defects or errors in technology, products, or services  provided under the contract?",
    "Insurance": "Is there a requirement for insurance that must be maintained by one party for the benefit of the counterparty?",
    "Covenant Not To Sue": "Is a party restricted from contesting the validity of the counterparty’s ownership of intellectual property or otherwise bringing a claim against the counterparty for matters unrelated to the contract?",
    "Third Party Beneficiary": "Is there a non-contracting party who is a beneficiary to some or all of the clauses in the contract and therefore can enforce its rights against a contracting party?",
}

# The lexical layer. Every phrase is matched as a whole, lightly stemmed word sequence (so
# "terminated" meets "terminate", "royalties" meets "royalty"); articles are ignored, and a
# phrase never matches straight after "non" ("non-exclusive" is not "exclusive").
#
# TRIGGERS: phrases that on their own say which clause is meant (the category name is added
#   automatically). They are also semantic prototypes.
# WEAK: words that point at a clause only when nothing more specific is said in the same part
#   of the question ("liability" alone means the liability cap; "liability with no ceiling"
#   does not).
# COMBOS: concepts that name a clause only together: "group + group [+ group]", each group a
#   "|"-separated list of alternatives; every group must occur, in any order, within a few
#   words of each other. The first group is the anchor (where the hit is said to be).
# SUPPRESS: a clause that makes a more generic one redundant when both are found in the same
#   part of a question ("a termination fee" is not also "termination for convenience").
#
# All of it was written from contract-drafting and deal-room vocabulary (how lawyers and their
# clients talk about each clause), not copied from any evaluation question.
TRIGGERS: dict[str, tuple[str, ...]] = {
    "Document Name": (
        "title of the agreement", "name of the contract", "name of the agreement", "title of the contract", "document title",
        "what is this agreement called", "what is the contract called", "what is the document called",
        "what is this document called",
    ),
    "Parties": (
        "contracting parties", "signatories", "who are the parties", "parties to the agreement", "parties to the contract",
        "who signed", "who is this agreement between", "who is the contract between", "who are we contracting with",
        "counterparty's name", "name of the counterparty", "who are the signatories",
    ),
    "Agreement Date": (
        "date of the agreement", "date of signing", "execution date", "signing date", "date of execution", "when was it signed",
        "when was the agreement signed", "when was the contract signed", "when was it executed", "dated as of",
        "date of the contract",
    ),
    "Effective Date": (
        "commencement date", "date the agreement takes effect", "effective date", "start date", "come into force",
        "comes into force", "come into effect", "comes into effect", "become effective", "becomes effective",
        "when does the agreement start", "when does the contract start", "when does the term start",
        "when does the agreement begin", "when does the contract begin", "when does the term begin",
    ),
    "Expiration Date": (
        "by its terms", "terminate by its terms", "expire by its terms", "shelf life", "one-year deal", "one year deal",
        "multi-year deal", "how long until", "free of this agreement", "free of the contract", "free of the agreement",
        "length of the contract", "length of the agreement", "contract length", "term length", "how long is the contract",
        "how long is the agreement", "how long is the deal", "drop dead date", "drop-dead date", "sunset", "natural end",
        "come to an end", "comes to an end", "end of the road", "expiration", "expire", "expiry", "expiry date", "initial term",
        "term of the agreement", "term of the contract", "contract end date", "end date", "duration of the agreement",
        "duration of the contract", "length of the term", "how long is the term", "when does the term end",
        "how long does the agreement last", "how long does the contract last", "how long does the contract run",
        "how long does the agreement run", "fixed term", "fixed-term", "indefinite term", "run out", "runs out",
        "last day of the term", "end of the term", "sunset date", "when does the agreement end", "when does the contract end",
        "when does the deal end", "when does it end", "until what date", "through what date", "in force until", "in effect until",
        "how long are we bound", "how long are we locked in", "how long are we tied", "termination date", "continue indefinitely",
        "open-ended", "lapse", "hard stop", "hard end date", "initial period", "end of the initial", "first period",
        "original term", "original period", "duration of the deal", "deal duration", "contract duration", "agreement duration",
        "contract period", "contractual period",
    ),
    "Renewal Term": (
        "it be extended", "it be renewed", "another round", "another cycle", "another period", "in for another", "another renewal",
        "carry on by itself", "carries on by itself", "follow-on term", "follow on term", "subsequent term", "subsequent terms",
        "further term", "further terms", "additional years", "more years", "keep it going", "keep the arrangement going",
        "keep the agreement going", "keep the contract going", "option to renew", "renewal option", "renewal options", "re-upping",
        "re upping", "keep rolling", "keeps rolling", "rolling basis", "roll on", "rolls on", "year after year", "re-up", "re up",
        "if nobody says anything", "if no one says anything", "if nobody does anything", "if we do nothing", "unless either party",
        "unless someone objects", "unless we object", "if neither party", "rolling contract", "tacitly renewed",
        "term be extended", "term extended", "extend the agreement", "extend the contract", "agreement be extended",
        "contract be extended", "extension of the agreement", "extension of the contract", "extend the deal",
        "extensions of the term", "prolong the term", "prolong the agreement", "renewal", "renew", "automatic renewal",
        "auto-renewal", "auto-renew", "auto renew", "automatically renew", "evergreen", "evergreen clause",
        "successive renewal periods", "successive terms", "additional terms", "extension of the term", "extend the term",
        "renewal period", "renewal term", "roll over", "rolls over", "rollover", "month-to-month", "month to month",
        "year-to-year", "year to year", "self-renewing", "tacit renewal", "option to extend", "auto-extend", "auto-extension",
        "automatically extend", "extended automatically", "keep going after", "carry on after", "continue after the initial term",
        "after the initial term", "next term", "next period", "following term", "subsequent period", "new term", "new terms",
    ),
    "Notice Period To Terminate Renewal": (
        "non-renewal", "notice of non-renewal", "opt out of renewal", "notice to prevent automatic renewal",
        "notice before the renewal date", "how much notice is needed to stop renewal", "not to renew",
        "notice to terminate renewal", "notice period to terminate", "stop the renewal", "stop it renewing", "prevent renewal",
        "avoid renewal", "avoid the automatic renewal", "cancel before renewal", "cancel before it renews", "opt out", "opt-out",
        "decline to renew", "elect not to renew", "let it lapse",
    ),
    "Governing Law": (
        "under the law of", "under the laws of", "under uk law", "under us law", "under eu law", "decided under",
        "law of the province", "laws of the province", "legal regime", "which legal system", "law chosen", "chosen law",
        "laws chosen", "subject to", "under whose law", "english law", "new york law", "delaware law", "california law",
        "texas law", "french law", "german law", "swiss law", "laws of england", "laws of new york", "laws of delaware",
        "laws of the state", "which state law", "state law", "federal law", "governing law", "choice of law",
        "governed by the laws of", "applicable law", "jurisdiction", "construed under the laws of", "governing law and forum",
        "laws of which country apply", "which law", "whose law", "what law", "whose laws", "which state's law",
        "which state's laws", "which country's law", "which country's laws", "law applies", "laws apply", "law governs",
        "laws govern", "governed by", "proper law", "law of the contract", "interpreted under", "construed under",
        "interpreted in accordance with", "legal system",
    ),
    "Most Favored Nation": (
        "give us the same", "offer us the same", "same discount", "same discounts", "same deal", "same deals", "same rebate",
        "best deal", "best deals", "best discount", "best discounts", "lowest rate", "lowest rates", "best available price",
        "best available terms", "as good as any", "at least as good", "no worse than", "as low as any", "most favored nation",
        "most favored", "most favoured customer", "most favored customer", "MFN", "price parity", "no less favorable terms",
        "better terms granted to a third party", "pricing benchmarked against other customers", "best terms offered to others",
        "best pricing", "best price", "best prices", "best terms", "best rate", "best rates", "lowest price", "lowest prices",
        "lowest pricing", "no less favorable", "at least as favorable", "as favorable as", "equal treatment", "parity clause",
        "pass along better", "pass on better", "pass through better", "match any better", "better deal", "better deals",
        "better terms", "better pricing", "better price", "better rates", "more favorable terms", "most favorable terms",
        "most favorable pricing",
    ),
    "Non-Compete": (
        "non-compete", "noncompete", "non-competition", "covenant not to compete", "restriction on competition",
        "competing products", "compete with", "may not engage in a competing business", "restricted from working with competitors",
        "not compete", "competing business", "competing product", "competing service", "competing services", "competing line",
        "competitive product", "competitive products", "competitive business", "head-to-head", "go up against", "rival product",
        "rival business", "restraint of trade", "same line of business", "enter the same market", "compete against", "compete",
        "competing", "field of use restriction", "territorial restriction", "restricted territory", "business against us",
        "compete against us", "go into business against", "set up against us", "against us in business",
    ),
    "Exclusivity": (
        "only ones", "only ones allowed", "only company allowed", "only party allowed", "only ones who can",
        "requirements obligation", "requirements clause", "requirements agreement", "output contract", "output agreement",
        "exclusive supply", "exclusive purchase", "territory to ourselves", "area to ourselves", "market to ourselves",
        "region to ourselves", "exclusive area", "exclusive region", "exclusive rights", "exclusivity", "exclusive",
        "exclusive dealing", "sole supplier", "sole distributor", "single source", "exclusive territory", "requirements contract",
        "exclusive relationship", "may not sell to anyone else", "purchase only from the supplier", "exclusively", "sole source",
        "sole and exclusive", "only supplier", "only distributor", "only reseller", "only us", "just us", "sole provider",
        "sole reseller", "sole licensee", "all of our requirements", "all requirements", "all its requirements", "buy only from",
        "purchase only from", "source only from",
    ),
    "No-Solicit Of Customers": (
        "take business from", "take business away", "steal business", "steal our business", "divert our business", "take clients",
        "take customers", "take the clients", "take the customers", "client list", "customer list", "customer lists",
        "client lists", "non-solicitation of customers", "solicit customers", "customer non-solicit", "divert customers",
        "take away clients", "interfere with customer relationships", "may not solicit the other party's customers",
        "restriction on contacting customers", "non-solicit of customers", "non-solicitation of clients", "client non-solicit",
        "customer non-solicitation", "poach customers", "poach clients", "poach our customers", "poach our clients",
        "steal customers", "steal our customers", "steal our clients", "solicit our customers", "solicit our clients",
        "solicit clients", "go after our customers", "go after our clients", "customer poaching", "divert business",
        "take our customers", "take our clients",
    ),
    "Competitive Restriction Exception": (
        "carve-out from the non-compete", "exception to the non-compete", "exceptions to exclusivity",
        "permitted competing activities", "exceptions to restrictive covenants", "activities permitted despite the exclusivity",
        "exceptions to the non-solicit", "carve-outs from exclusivity", "permitted activities", "excluded businesses",
        "excluded products", "grandfathered", "still allowed to compete", "still permitted to compete",
    ),
    "No-Solicit Of Employees": (
        "non-solicitation of employees", "no-hire", "no poach", "no-poach", "solicit employees", "hire away personnel",
        "employee non-solicit", "restriction on hiring the other party's employees", "non-solicit of staff", "hire away",
        "poach employees", "poach staff", "poach their people", "poach our people", "poach talent", "poaching staff",
        "employee poaching", "headhunt", "hire their employees", "hire our employees", "hire their staff", "hire our staff",
        "hire their people", "hire our people", "recruit their employees", "recruit our employees", "recruit their staff",
        "recruit our staff", "staff non-solicit", "employee non-solicitation", "non-hire", "talent raiding",
    ),
    "Non-Disparagement": (
        "defamatory", "defamatory statements", "libel", "slander", "bash", "bashing", "slag off", "muzzled", "muzzle", "gag",
        "gagged", "criticize", "criticise", "criticizing", "criticising", "non-disparagement", "disparage", "disparaging",
        "disparagement", "disparaging remarks", "negative public statements", "defamatory comments", "speak ill of",
        "must not make negative statements", "no disparaging comments about the company", "badmouth", "bad-mouth", "bad mouth",
        "trash talk", "trash-talk", "speak negatively", "speak badly", "talk badly", "say anything negative", "negative comments",
        "negative remarks", "derogatory", "defame", "defamation", "run us down", "criticize us publicly", "criticise us publicly",
        "public criticism", "say bad things", "negative reviews", "smear", "damage our reputation", "harm our reputation",
        "hurt our reputation",
    ),
    "Termination For Convenience": (
        "exit ramp", "off-ramp", "off ramp", "escape hatch", "escape clause", "way out", "bail out", "change our minds",
        "change our mind", "change their minds", "change their mind", "changes its mind", "on a whim",
        "termination for convenience", "terminate without cause", "terminate at any time", "right to terminate on notice",
        "early termination", "exit the contract", "terminate for any reason on notice",
        "terminate without cause on written notice", "for convenience", "without cause", "without reason", "for any reason",
        "for no reason", "at will", "walk away", "walk out", "pull out", "pull the plug", "back out", "get out of the contract",
        "get out of the agreement", "get out of the deal", "get out early", "exit the agreement", "exit the deal",
        "terminate early", "end it early", "end the agreement early", "end the contract early", "cancel at any time",
        "cancel anytime", "no-fault termination", "terminate on notice", "terminate by giving notice",
        "terminate on written notice", "unilateral termination", "cancel the agreement", "cancel the contract",
        "terminate the agreement", "terminate the contract", "no questions asked", "no-questions-asked",
    ),
    "Rofr/Rofo/Rofn": (
        "offer it to us", "offer them to us", "offered to us first", "buy first", "purchase first", "first to buy",
        "first chance to buy", "right of first refusal", "right of first offer", "right of first negotiation", "ROFR", "ROFO",
        "ROFN", "first option to purchase", "preemptive right", "matching right", "right to buy before a third party",
        "priority to purchase if offered for sale", "first refusal", "first offer", "first negotiation", "first dibs",
        "first crack", "first look", "first option", "right to match", "match any offer", "match the offer",
        "match a third-party offer", "pre-emptive right", "pre-emption", "preemption", "offer it to us first",
        "offer them to us first", "ask us first", "approach us first", "first in line", "first right", "last look",
    ),
    "Change Of Control": (
        "sell the company", "sell our company", "sell the business", "we are sold", "we get sold", "they get sold",
        "they are sold", "company is sold", "changes hands", "change hands", "changing hands", "under new ownership",
        "new management", "new parent", "buys them", "buys us", "buys the company", "buys the business", "buy the company",
        "buy the business", "buys out", "change of control", "change in control", "merger", "acquisition", "takeover",
        "sale of substantially all assets", "controlling interest", "if a party is acquired", "merger or acquisition of a party",
        "sale of the business", "acquired", "merge", "merges", "merged", "taken over", "take over", "bought by", "bought out",
        "gets bought", "is bought", "buyout", "buy-out", "new owner", "new owners", "new ownership", "change of ownership",
        "change in ownership", "ownership changes", "controlling stake", "sale of the company", "private equity", "acquirer",
        "purchaser of the business", "ownership of the company",
    ),
    "Anti-Assignment": (
        "sell the contract", "sell the agreement", "sell this contract", "contract be handed", "agreement be handed",
        "successor company", "assignment", "assign", "assignability", "consent to assign", "novation", "delegate obligations",
        "transfer of the contract", "assign the agreement without consent", "transfer rights and obligations to a third party",
        "anti-assignment", "assignable", "non-assignment", "novate", "assign the contract", "assign the agreement",
        "assign this agreement", "transfer the contract", "transfer the agreement", "transfer this agreement", "delegate",
        "delegation", "subcontract", "subcontracting", "hand off the contract", "successors and assigns", "pass the contract",
        "hand the contract", "hand over the contract", "transfer its obligations", "transfer their obligations",
        "transfer its rights and obligations",
    ),
    "Revenue/Profit Sharing": (
        "what cut", "net receipts", "gross receipts", "share of receipts", "share of net", "share of the net", "share of gross",
        "get a cut", "a cut of", "piece of the action", "share in the upside", "revenue sharing", "profit sharing",
        "revenue share", "royalty", "royalties", "share of profits", "commission on sales", "pay a share of revenue",
        "royalty on net sales", "profit share", "profit split", "revenue split", "split the revenue", "split the profits",
        "share the revenue", "share the profits", "share of revenue", "share of the revenue", "share of the profits", "rev share",
        "proceeds", "commission", "commissions", "percentage of sales", "percentage of revenue", "percentage of revenues",
        "percentage of profits", "percentage of net", "percent of net", "percent of sales", "take a cut", "cut of the revenue",
        "cut of the profits", "cut of sales", "net income", "net revenue", "net revenues", "net profits", "gross revenue",
        "gross revenues", "net sales", "running royalty", "earn-out", "earnout",
    ),
    "Price Restrictions": (
        "price increase", "price cap", "fixed pricing", "price adjustment", "price reduction", "pricing restriction",
        "limits on raising prices", "restriction on changing prices", "prices fixed during the term", "price increases",
        "raise prices", "raise the price", "raise their prices", "raise our prices", "increase prices", "increase the price",
        "increase their prices", "hike prices", "price hike", "price hikes", "price freeze", "price lock", "prices locked",
        "price locked", "locked-in pricing", "locked in pricing", "lock in pricing", "lock in prices", "fixed prices",
        "fixed price", "firm pricing", "price protection", "rate increase", "rate increases", "current rates", "current pricing",
        "current prices", "change the price", "change prices", "change their prices", "change the pricing", "price changes",
        "lower prices", "reduce prices", "cut prices", "discount below", "list price", "resale price", "resale prices",
        "minimum resale price", "retail price", "retail prices", "price floor", "pricing restrictions", "price controls",
        "price escalation", "escalator", "cpi adjustment", "cpi increase", "inflation adjustment", "set the price", "set prices",
        "set their own prices", "prices go up", "prices change", "pricing changes", "fee increase", "fee increases",
        "increase fees", "increase the fees", "raise fees", "raise the fees",
    ),
    "Minimum Commitment": (
        "agreed quantity", "agreed quantities", "agreed volume", "agreed volumes", "contracted quantity", "contracted volume",
        "committed quantity", "minimum purchase", "minimum order", "minimum commitment", "take or pay", "minimum annual spend",
        "purchase commitment", "shortfall payment", "must purchase a minimum amount", "minimum units per period", "take-or-pay",
        "minimum volume", "minimum quantity", "minimum quantities", "minimum spend", "minimum purchases", "minimum orders",
        "minimum purchase obligation", "minimum amount", "minimum number", "committed volume", "committed spend",
        "volume commitment", "spend commitment", "purchase obligation", "purchase obligations", "shortfall", "quota", "quotas",
        "buy at least", "purchase at least", "order at least", "spend at least", "minimum annual", "minimum quarterly",
        "minimum monthly", "minimum sales", "sales target", "sales targets", "minimum royalty", "minimum royalties",
        "guaranteed minimum", "floor on orders", "floor on purchases",
    ),
    "Volume Restriction": (
        "volume restriction", "usage limit", "usage cap", "overage charges", "excess usage fees", "usage threshold", "volume cap",
        "fees if usage exceeds the threshold", "additional charges for extra usage", "overage", "overages", "overage fee",
        "overage fees", "excess usage", "extra usage", "usage limits", "usage caps", "volume limit", "volume limits",
        "volume limitation", "usage tier", "usage tiers", "pricing tier", "exceed the limit", "exceed the cap",
        "exceed the threshold", "exceeds the threshold", "exceed the volume", "exceed our allotment", "go over the limit",
        "go over the cap", "above the cap", "beyond the limit", "over the limit", "over the threshold", "maximum volume",
        "maximum quantity", "maximum number of units", "capacity limit", "usage-based fees",
    ),
    "Ip Ownership Assignment": (
        "be ours", "will be ours", "ours to keep", "sign over", "signs over", "ip ownership", "ownership of intellectual property",
        "assignment of intellectual property", "work made for hire", "work for hire", "owns the deliverables",
        "assigns all inventions", "ownership of deliverables and inventions",
        "developed intellectual property belongs to the customer", "work-for-hire", "who owns the ip",
        "ownership of the deliverables", "ownership of work product", "work product", "ip assignment", "assignment of inventions",
        "assign inventions", "assignment of ip", "assign the ip", "invention assignment", "belong to us", "belongs to us",
        "belong to them", "belongs to them", "become ours", "becomes ours", "become our property", "becomes our property",
        "title to the ip", "title to the deliverables", "title to the work product", "title to the inventions", "foreground ip",
        "foreground intellectual property", "ownership of improvements", "own the improvements", "own the deliverables",
        "own the ip", "own the work", "own the code", "own the software they build", "keep the ip", "retain the ip",
        "retain ownership", "retains ownership", "retain title", "retains title", "keep ownership", "rights to the deliverables",
        "rights in the deliverables", "rights to the work product", "custom development", "bespoke development", "owner of the ip",
    ),
    "Joint Ip Ownership": (
        "joint ownership", "jointly owned", "co-owned", "co-ownership", "joint ip", "shared ownership of inventions",
        "jointly developed intellectual property", "intellectual property owned jointly by the parties", "co-own", "co-owner",
        "co-owners", "joint owners", "own jointly", "owned jointly", "own together", "owned together", "jointly own",
        "shared ownership", "shared ip", "joint inventions", "joint invention", "jointly developed", "jointly created",
        "jointly invented", "joint development", "joint developments", "co-developed", "co-invented", "co-inventions",
        "collaborative results", "collaboration results", "results of the collaboration", "joint results", "both own",
        "both parties own", "both of us own", "both hold title", "joint title", "title jointly",
    ),
    "License Grant": (
        "scope of the rights", "scope of rights", "rights we receive", "rights we get", "rights granted to us",
        "what can we do with", "license grant", "grant of license", "licensed rights", "right to use", "license to use",
        "permission to use the licensor's intellectual property", "grant of rights", "rights granted", "scope of the license",
        "licensed to use", "permission to use", "use their trademarks", "use their trademark", "use their logo", "use their brand",
        "use their name", "use their marks", "use their patents", "use their software", "use their technology",
        "use their content", "use their ip", "trademark license", "patent license", "software license", "copyright license",
        "license agreement", "licensing terms", "license terms", "usage rights", "what rights do we get", "rights do we get",
    ),
    "Non-Transferable License": (
        "transferable", "transferability", "transferable license", "assignable license", "non-transferable",
        "non-assignable license", "non-sublicensable", "sublicense", "transfer the license", "assign the license",
        "license may not be transferred or sublicensed", "nontransferable", "non-transferrable", "sublicensable", "sub-license",
        "sublicensing", "sublicensee", "sublicensees", "transferability of the license", "transfer our license",
        "transfer the licence rights", "transfer the licensed rights", "assign our license", "hand over the license",
        "pass the license", "pass on the license", "license is personal", "personal to the licensee", "let a third party use",
        "allow a third party to use", "third parties to use",
    ),
    "Affiliate License-Licensor": (
        "affiliates of the licensor", "licensor's affiliates", "licensor affiliate intellectual property",
        "license from the licensor's group", "licensor's parent and subsidiaries grant rights", "licensor's parent",
        "licensor's subsidiaries", "licensor's group", "licensor's group companies", "licensor's sister companies",
        "licensor's related companies", "licensor side", "licensor affiliates", "affiliates of licensor",
        "affiliated companies of the licensor", "held by the licensor's", "owned by the licensor's",
    ),
    "Affiliate License-Licensee": (
        "affiliates of the licensee", "licensee's affiliates", "license extends to affiliates", "sublicense to affiliates",
        "licensee's affiliates may use the license", "license extends to the licensee's subsidiaries", "licensee's subsidiaries",
        "licensee's group", "licensee's group companies", "licensee's parent", "licensee affiliates", "affiliates of licensee",
        "group-wide", "group wide", "affiliates can use", "affiliates may use", "subsidiaries can use", "subsidiaries may use",
    ),
    "Unlimited/All-You-Can-Eat-License": (
        "every laptop", "every computer", "every machine", "every device", "all laptops", "all computers", "all machines",
        "all devices", "everyone in the company", "everyone in our company", "anyone in the company", "entire workforce",
        "all our staff", "all of our employees", "all our employees", "as many machines", "as many devices",
        "as many installations", "unlimited license", "unlimited usage", "enterprise license", "all you can eat", "site license",
        "unlimited number of users", "no limit on the number of users or copies", "unlimited deployments", "all-you-can-eat",
        "unlimited use", "unlimited users", "unlimited seats", "unlimited copies", "unlimited installations", "unlimited installs",
        "unlimited devices", "enterprise-wide", "enterprise wide", "company-wide", "company wide", "organization-wide",
        "organisation-wide", "whole company", "entire company", "whole organization", "entire organization", "whole organisation",
        "entire organisation", "whole business", "entire business", "seat limit", "seat limits", "any number of users",
        "as many users", "as many copies", "as many seats", "unlimited licence", "enterprise agreement",
    ),
    "Irrevocable Or Perpetual License": (
        "perpetual", "irrevocable", "perpetual license", "irrevocable license", "cannot be revoked", "fully paid-up license",
        "license survives termination", "license never expires", "license cannot be terminated", "licensor may revoke the license",
        "revoke", "revocable", "revocation", "revoked", "in perpetuity", "permanent license", "lifetime license",
        "take back the license", "take the license away", "take away the license", "take away our right", "pull the license",
        "withdraw the license", "terminate the license", "end the license", "cancel the license", "license ends",
        "license expires", "license last", "license lasts", "license term", "term of the license", "duration of the license",
        "how long does the license",
    ),
    "Source Code Escrow": (
        "escrow", "source code escrow", "escrow agent", "release of source code", "deposit of source code",
        "escrow release conditions", "source code released if the licensor becomes insolvent",
        "deposit source code with an escrow agent", "source code", "code escrow", "software escrow", "escrow arrangement",
        "release conditions", "get the code", "get the source", "access to the code", "access to the source", "hand over the code",
        "release the code", "release of the code", "code deposit", "deposit the code", "ncc escrow", "escrow deposit",
    ),
    "Post-Termination Services": (
        "termination assistance", "transition support", "run-off services", "exit support", "disengagement", "post-termination",
        "after termination", "transition services", "transition assistance", "wind down", "survival", "last-time buy",
        "obligations continuing after the agreement ends", "transition assistance after termination", "post termination",
        "post-expiry", "post-expiration", "after expiry", "after expiration", "following termination", "upon termination",
        "on termination", "after the agreement ends", "after the contract ends", "after the deal ends", "when the agreement ends",
        "when the contract ends", "once the agreement ends", "once the contract ends", "after it ends", "when it ends",
        "transition period", "transition plan", "transition", "migrate", "migration", "migrate off", "exit assistance",
        "exit plan", "exit management", "off-boarding", "offboarding", "handover", "wind-down", "run-off", "sell-off period",
        "sell off", "sell-off", "last time buy", "last buy", "final orders", "return of data", "return our data", "data return",
        "get our data back", "export our data", "survive termination", "survives termination", "survive expiration",
        "continue after termination", "tail period", "after we leave", "once we leave", "keep supporting", "continue supporting",
        "continued support", "ongoing support after", "support after termination", "after we terminate", "after they terminate",
        "after it terminates", "after we cancel", "after they cancel",
    ),
    "Audit Rights": (
        "underreporting", "under-reporting", "underreported", "under reporting", "misreporting", "underpaying royalties",
        "underpaid royalties", "audit", "audit rights", "right to audit", "books and records", "inspection", "examine records",
        "inspect premises", "right to inspect records", "check compliance by audit", "inspect", "inspect the books",
        "inspect their books", "inspect records", "examine the books", "examine their books", "check the books",
        "check their books", "look at their books", "review their books", "review their records", "check their records",
        "check the records", "access their records", "access to records", "auditor", "auditors", "accountant", "accountants",
        "site visit", "site visits", "visit the facility", "visit their facility", "visit their plant", "visit their premises",
        "inspect the facility", "inspect their facility", "verify the numbers", "verify their numbers", "verify the reports",
        "check the numbers", "check their numbers", "check their figures", "verify compliance", "check compliance",
        "verification rights", "examination rights", "open their books", "open the books",
    ),
    "Uncapped Liability": (
        "fully exposed", "totally exposed", "completely exposed", "exposed without limit", "unlimited risk", "unlimited liability",
        "uncapped liability", "exclusions from the limitation of liability", "indemnity outside the cap",
        "liability without limit", "exceptions to the liability cap", "uncapped", "unlimited exposure", "uncapped exposure",
        "no cap", "no ceiling", "no limit on liability", "no limitation on liability", "no limit on our liability",
        "without any cap", "without a cap", "without limit", "without limitation", "outside the cap", "outside the limitation",
        "excluded from the cap", "excluded from the limitation", "carve-outs from the cap", "carve outs from the cap",
        "carved out of the cap", "exceptions to the cap", "exceptions to the limitation", "exclusions from the cap",
        "not subject to the cap", "not capped", "isn't capped", "aren't capped", "not limited", "fully liable", "full liability",
        "full exposure", "liable for everything", "unlimited damages", "unlimited indemnity", "uncapped indemnity", "super cap",
    ),
    "Cap On Liability": (
        "limitation of liability", "liability cap", "limit of liability", "ceiling on damages", "maximum we could owe",
        "liability shall not exceed", "aggregate liability", "maximum liability", "cap on our exposure",
        "limit on financial exposure", "maximum amount recoverable", "exclusion of consequential damages", "cap on liability",
        "limitation on liability", "limit on liability", "limits on liability", "liability limit", "liability limits",
        "liability limitation", "limited liability", "capped liability", "cap on damages", "damages cap", "cap on our liability",
        "cap our liability", "capped at", "maximum exposure", "max exposure", "maximum damages", "most we could owe",
        "most we would owe", "most we'd owe", "most we could pay", "most we would have to pay", "most we'd have to pay",
        "most we could be liable", "most they could owe", "most they would owe", "most we could lose", "consequential damages",
        "indirect damages", "lost profits", "consequential loss", "indirect loss", "statute of limitations", "limitation period",
        "time bar", "time-barred", "claims period", "claim period", "deadline to bring a claim", "time limit for claims",
        "time to bring a claim", "exposure capped",
    ),
    "Liquidated Damages": (
        "liquidated damages", "termination fee", "kill fee", "agreed damages", "fixed damages for breach",
        "pre-agreed sum payable on breach", "termination payment", "liquidated", "lds", "break fee", "break-up fee", "breakup fee",
        "cancellation fee", "cancellation charge", "cancellation charges", "early termination fee", "early termination charge",
        "early termination penalty", "exit fee", "termination charge", "delay damages", "delay penalty", "late delivery penalty",
        "penalty for delay", "penalty for late", "preset sum", "predetermined sum", "predetermined amount", "pre-agreed sum",
        "pre-agreed amount", "fixed sum", "stipulated damages", "stipulated sum", "per day of delay", "for each day of delay",
        "for every day of delay", "per week of delay", "for each week of delay",
    ),
    "Warranty Duration": (
        "stand behind", "stands behind", "stand behind the product", "warranty", "warranty period", "warranty duration",
        "warranty against defects", "guarantee period", "warranty expires", "warranty term in months", "defects liability period",
        "warranties", "warranted", "warranty coverage", "defect", "defects", "defective", "defect period", "fix bugs",
        "fix defects", "repair or replace", "free repairs", "free replacement", "free of charge repairs", "still covered",
        "repair for free", "fix for free", "replace for free", "free of defects", "free from defects", "breaks down",
        "stops working",
    ),
    "Insurance": (
        "insurance", "insured", "insurance coverage", "certificate of insurance", "maintain insurance", "policy limits",
        "required insurance policies", "minimum insurance cover", "insure", "insurer", "insurers", "additional insured",
        "certificates of insurance", "certificate of coverage", "certificates of coverage", "proof of coverage", "coverage",
        "insurance cover", "insurance policy", "insurance policies", "liability insurance", "general liability",
        "professional indemnity", "errors and omissions", "e&o", "cyber insurance", "workers' compensation",
        "workers compensation", "umbrella policy", "product liability insurance", "waiver of subrogation", "subrogation",
        "named insured", "loss payee", "carry insurance", "coverage limits",
    ),
    "Covenant Not To Sue": (
        "question the validity", "question validity", "deny the validity", "covenant not to sue", "not to sue",
        "no-challenge clause", "not contest validity", "waive claims", "release of claims", "agree not to challenge",
        "agreement not to contest ownership of intellectual property", "waiver of the right to sue", "no-challenge",
        "no challenge", "non-challenge", "challenge the validity", "challenge validity", "contest the validity",
        "contest validity", "contest ownership", "challenge ownership", "dispute ownership", "dispute the validity",
        "challenge their patents", "challenge the patents", "challenge the patent", "challenge their patent", "challenge the ip",
        "challenge their ip", "challenge the trademark", "challenge their trademark", "challenge their trademarks",
        "attack the patent", "attack the patents", "attack the trademark", "attack their patent", "attack their patents",
        "attack their trademark", "attack the registration", "oppose the registration", "give up the right to sue",
        "give up our right to sue", "give up claims", "waive our right to sue", "waive any claims", "release any claims",
        "barred from suing", "prevented from suing", "can't sue", "cannot sue", "never sue", "patent challenge",
    ),
    "Third Party Beneficiary": (
        "third party rights", "third-party rights", "outside the contract", "outside the agreement", "anyone outside",
        "third party beneficiary", "third-party beneficiaries", "rights of third parties", "intended beneficiaries",
        "no third party rights", "beneficiary who is not a party", "third party beneficiaries", "third-party beneficiary",
        "beneficiary", "beneficiaries", "non-party", "non-parties", "nonparty", "not a party", "isn't a party", "aren't parties",
        "not parties", "not party to", "outsider enforce", "outside party enforce", "third parties enforce", "third party enforce",
        "rights of third parties act", "privity", "anyone besides us", "besides us and them", "other than us and them",
        "apart from the parties", "anyone other than us", "anyone else have rights",
    ),
}

# Generic words: kept only when no trigger or combination is found in the same part of the question.
WEAK: dict[str, tuple[str, ...]] = {
    "Renewal Term": ("extension", "another year", "another term", "keep going"),
    "Non-Compete": ("restrictive covenant", "restrictive covenants", "competition"),
    "No-Solicit Of Customers": ("non-solicit", "non-solicitation", "non solicit", "customer relationships", "client relationships"),
    "No-Solicit Of Employees": ("non-solicit", "non-solicitation", "non solicit", "recruit", "hire", "hiring"),
    "Termination For Convenience": ("termination", "terminate", "end the contract", "end the agreement"),
    "Anti-Assignment": ("transfer", "transferred", "successors"),
    "Revenue/Profit Sharing": ("revenue", "revenues", "profits", "profit"),
    "Ip Ownership Assignment": ("who owns", "who will own", "who gets to own"),
    "License Grant": (
        "license", "licensed", "licensing", "licence", "use the software", "use the technology", "use the marks", "allowed to use",
        "permitted to use", "entitled to use", "can we use",
    ),
    "Affiliate License-Licensor": ("affiliate license",),
    "Affiliate License-Licensee": (
        "affiliates", "affiliate", "subsidiaries", "subsidiary", "sister companies", "group companies", "affiliate license",
    ),
    "Unlimited/All-You-Can-Eat-License": ("per seat", "per user", "number of users", "number of seats"),
    "Irrevocable Or Perpetual License": ("forever", "for good", "permanently", "paid-up", "fully paid"),
    "Post-Termination Services": ("after the term", "afterwards", "wind up", "survive", "survives"),
    "Cap On Liability": ("liability", "liable", "exposure", "on the hook", "damages", "cap", "ceiling", "capped"),
    "Warranty Duration": ("guarantee", "guaranteed", "guarantees", "warrant"),
}

# Concepts that name a clause only together ("A|B + C|D": an A-word near a C-word). "@3 " in front
# narrows the window for a combination built on a common word.
COMBOS: dict[str, tuple[str, ...]] = {
    "Parties": (
        "who + signed|signing|signatory|signatories",
    ),
    "Agreement Date": (
        "when|date|day + signed|executed|entered into|dated",
    ),
    "Effective Date": (
        "when|date|day + agreement|contract|deal|term + start|starts|begin|begins|commence|commences|kick in|kicks in|effective|"
        "take effect|takes effect",
    ),
    "Expiration Date": (
        "how long|how many months|how many more months|how many years|how many more years|how much longer|until when + tied|bound|"
        "locked|stuck|committed|on the hook",
        "what date|on what date|which date + terminate|terminates|termination|terminated",
        "one year|two year|three year|five year|multi year|1 year|2 year|3 year|5 year|ten year|10 year + deal|contract|agreement|"
        "term|commitment",
        "last day|final day|end date|last date + agreement|contract|deal|term|in force|in effect",
        "when|what date|until|until when|how long|how many years|how many months + agreement|contract|deal|term|initial term|"
        "thing + expire|run out|end|ends|finish|lapse|over|in force|in effect|last|run|bound|locked in|tied|done|finished|wrap up|"
        "wind up|winds up|come to an end|conclude|concludes",
        "definite|indefinite|indefinitely|perpetual|open ended|forever + term|contract|agreement|deal|go on|run|last",
        "how long + agreement|contract|deal|initial term|we committed|we bound|locked",
    ),
    "Renewal Term": (
        "continue|continues|carry on|carries on|keep going|keeps going|rolls|roll + automatically|by itself|itself|unless|"
        "another term|another year|additional term|further term|successive",
        "renew|renews|renewal|renewed|roll over|rolls over|extend|extends|extended|extension|continue automatically + "
        "automatically|automatic|itself|by itself|unless|another|additional|successive|further|month|year",
        "after + initial term|first term|year one|year two|year three|year five|term ends|term expires|term is up",
        "what happens + after|end of the term|term ends|term expires|term is up|keep going",
    ),
    "Notice Period To Terminate Renewal": (
        "how many days|how much notice|how far ahead|how far in advance|how early|deadline|cutoff|lead time|window|notice|"
        "heads up|advance warning|speak up|say so|object|objection|when must we + anniversary|renewal date|before renewal|"
        "before the renewal|term ends|end of the term|another year|another term|won't extend|not extend|not renew|not renewing|"
        "out at the end|we're out",
        "cutoff|cut off|deadline|window|how early|how far ahead|how far in advance|how much notice|how much warning|how much time|"
        "give notice|tell them|let them know|inform them|notify them|notice + not re up|not renew|not renewing|won't renew|"
        "don't renew|not continue|won't continue|not re upping|no to another|say no|another term|another year|want out at the end|"
        "out at the end|end of the term|end of term|before the term ends|before the renewal|before renewal|not extend|"
        "not extending|won't extend|expiry|expiration|before expiry|before expiration|we're walking|we are walking|we're leaving|"
        "we are leaving",
        "notice|notify|heads up|heads-up|advance warning|warning|deadline|days notice|days before|days prior|days in advance|"
        "how many days|how many months|months notice|months before|in advance|prior|written notice|window + renew|renewal|renews|"
        "renewing|auto extend|auto extending|extension|extending|roll over|rolling over|evergreen",
        "stop|prevent|avoid|cancel|block|halt|opt out|get out|terminate|decline + renew|renewal|renews|renewing|auto extend|"
        "auto extending|auto renew|auto renewal|extending|roll over|rolling over|evergreen|another year|another term",
    ),
    "Governing Law": (
        "legal regime|law|laws|legal system + pick|picks|choose|chooses|chosen|select|selected|specify|specified",
        "whose rules|whose laws|which rules|which statutes|what statutes|which state's statutes|whose statutes|what law|which law|"
        "which laws|what laws|whose legal + apply|applies|govern|governs|interpret|interpreting|decide|read|construe|judge|court|"
        "use",
        "law|laws|legal system + govern|governs|governed|governing|apply|applies|applicable|interpret|interpreted|interpretation|"
        "construe|construed|construction|which state|which country|what state|what country|which jurisdiction",
        "which state|which country|what state|what country|which jurisdiction + law|laws|applies|apply|govern|governs|fight|"
        "dispute|interpret|means",
    ),
    "Most Favored Nation": (
        "drop|drops|fall|falls|decrease|decreases|lower|lowers|reduced|cut|cuts + others|other customers|anyone else|"
        "third parties|other buyers|other resellers|other clients + ours|us too|ours too|us as well|for us",
        "benchmark|benchmarked|benchmarking|compare|compared|comparison + price|prices|pricing|rates|terms|fees + other customers|"
        "others|other clients|market|third parties|customers|other licensees",
        "as good as|at least as good|no worse than|as favorable as|as low as|same as + other|others|any other|anyone else|"
        "third party|third parties|customer|customers|licensee|licensees|everyone",
        "other|others|another|any customer|other customers|other licensees|other buyers|anyone else|anybody else|third party|"
        "third parties|competitors|everyone else|similar customers|someone else|somebody else|customers|clients|buyers|licensees|"
        "largest customers|biggest customers + better|best|lower|lowest|cheaper|more favorable|most favorable|same|equal|matching|"
        "match + price|prices|pricing|terms|deal|deals|rate|rates|discount|discounts|conditions",
        "pass along|pass on|pass through|offer us|give us|match + better|best|lower|lowest|cheaper|more favorable",
    ),
    "Non-Compete": (
        "open|opening|operate|run|start + another|second|similar|competing|rival + store|shop|restaurant|outlet|location|joint|"
        "business|franchise|branch|site|practice",
        "work for|consult for|be employed by|join|advise|serve + competitor|competitors|rival|rivals|competing company|"
        "competing companies|direct competitor|direct competitors",
        "go into|get into|start|set up|open|enter + same business|same line of business|same market|same industry|"
        "similar business|competing business",
        "barred|prohibited|restricted|prevented|stopped|stop|banned|forbidden|blocked|hands tied + compete|competing|competitive|"
        "rival|rivals|head to head|same business|same market|similar product|similar products|similar business|"
        "entering their market|enter their market|enter the market|entering the market|similar startup|similar company|"
        "similar venture|similar firm|competing startup|competing company|competing venture|rival company|rival firm|rival startup",
        "build|develop|launch|sell|make|offer|market|start|open|enter|work for|work with|invest in|set up|run|operate|establish + "
        "competing|rival|competitive|head to head|similar product|similar products|same kind of product|same market|similar store|"
        "similar shop|similar outlet|knock off|knockoff|copycat|clone|similar service|similar services|same product|same products|"
        "same service|same kind of|identical product|equivalent product|similar app|similar tool|similar platform|"
        "similar software|similar system|similar solution|same app",
        "compete|competing|competitive + territory|region|geography|country|market|field|industry|sector|line of business",
    ),
    "Exclusivity": (
        "represent|carry|stock|promote|handle|take on + other brands|competing brands|rival brands|other brand|rival brand|"
        "competing brand|other clients in our category|other companies in our category|competing lines",
        "source|buy|purchase|order|procure + another vendor|another supplier|other vendors|other suppliers|someone else|elsewhere|"
        "second source|alternative supplier|alternative suppliers|alternative source|competing supplier|competing suppliers|"
        "other manufacturers|another manufacturer|other sources|other makers|third party suppliers|alternative vendors",
        "sell|license|supply|distribute|appoint|work with|deal with|partner with|do business with|sign up|take on|bring on|add|"
        "sign|ship + competitor|competitors|rival|rivals|other distributors|other resellers|other suppliers|other vendors|"
        "other licensees|anyone else|anybody else|someone else|to others|with others|other parties|other customers|"
        "other companies|other agents|another distributor|another reseller|other dealers|other partners|more distributors|"
        "more resellers|additional distributors|additional resellers|additional dealers|additional agents|new distributors|"
        "second distributor|second reseller|second supplier|second agent|second licensee",
        "only|just|solely|exclusively + us|one supplier|one vendor|one distributor|one partner|one reseller|one licensee",
        "buy|purchase|source|order|procure + only|exclusively|solely|all|entire|everything",
        "appointed|appointment|right + sole|only|exclusive",
    ),
    "No-Solicit Of Customers": (
        "non solicit|non solicitation|nonsolicitation|non solicitation covenant + customer|customers|client|clients|accounts|"
        "buyers",
        "steer|redirect|divert|switch + customers|clients|accounts|buyers|business",
        "win|lure|pull|take|steal|draw|entice|tempt + customers|clients|accounts|buyers|business + away",
        "solicit|soliciting|poach|poaching|steal|approach|approaching|contact|contacting|divert|lure|go after|take away|chase|"
        "pitch|sell to|target|call on|court|woo|pursue|do business with|work directly|deal directly|deal direct|cold call|steer|"
        "redirect|sell directly|sell direct|go direct|go directly + customer|customers|client|clients|account|accounts|"
        "customer base|client base|book of business|retailers|stockists|dealers|patrons|patients|subscribers|advertisers",
    ),
    "Competitive Restriction Exception": (
        "legacy|existing products|existing business|existing businesses|existing customers|existing relationships|grandfathered|"
        "pre existing|passive investment|passive investments + compete|competing|non compete|exclusivity|exclusive|"
        "restrictive covenant|restriction|restrictions",
        "exception|exceptions|carve out|carve outs|carveout|carveouts|carved out|exclusion|exclusions|excluded|exempt|exemption|"
        "despite|notwithstanding|except|excepted|still allowed|still permitted|still able|still free|don't count|doesn't count|"
        "not count|not considered|isn't considered|not treated|deemed not|outside the scope|even with|in spite of|still let|"
        "still lets|still allow|still allows|still sell|still use|still able + compete|competing|competition|competitive|"
        "non compete|noncompete|exclusivity|exclusive|solicit|non solicit|restrictive covenant|restrictive covenants|"
        "competition restrictions|restricted business",
        "carve out|carve outs|carveout|exception|exceptions|exempt|excluded|exclusion + already sell|already make|already offer|"
        "already do|existing products|existing business|products we already|current products|current business",
    ),
    "No-Solicit Of Employees": (
        "take|takes|taking + staff|employees|personnel|team members|engineers|people + with them|with him|with her|"
        "when they leave|when he leaves|when she leaves",
        "non solicit|non solicitation|nonsolicitation + employee|employees|staff|personnel|workers|people|team members",
        "bring|take|move|convert + in house + contractor|contractors|staff|employees|people|engineers|consultants|team",
        "hire|hiring|recruit|recruiting|poach|poaching|solicit|soliciting|headhunt|lure|steal|approach|offer a job|offer jobs|"
        "job offer|hire away|entice|raid + employee|employees|staff|personnel|engineers|engineer|people|workers|team|team members|"
        "developers|consultants|key people|talent|executives|managers|workforce|folks",
    ),
    "Non-Disparagement": (
        "hurt|damage|harm|tarnish|injure|ruin|damaging|harmful|hurtful + reputation|image|brand|goodwill|good name",
        "say|speak|talk|comment|comments|statement|statements|post|publish|remark|remarks|review|reviews|tweet|press|media|"
        "publicly + negative|negatively|bad|badly|critical|derogatory|unflattering|disparaging|ill|harmful|damaging|nasty|trash|"
        "terrible|awful|rubbish|garbage|junk|lousy|inferior|horrible|shoddy|worst|crap|useless|incompetent|unreliable|dishonest|"
        "crooks|liars|unprofessional",
        "criticize|criticise|criticizing|criticising|attack|slam|trash|knock|complain|complaining|moan|gripe + us|publicly|"
        "in public|press|media|online|social media",
    ),
    "Termination For Convenience": (
        "end|terminate|cancel|get out|exit|walk|leave|out of + switch|cheaper provider|cheaper supplier|cheaper vendor|"
        "another provider|better deal elsewhere|found a cheaper|different provider|different vendor|competitor of theirs",
        "get out|cancel|terminate|end|exit|stop|walk away + no longer need|don't need|no longer want|don't want|not needed|"
        "no longer required|no longer a priority|not a priority|priorities change|change of strategy|change in strategy|"
        "budget cuts|lose funding|loses funding|no longer useful",
        "end|drop|dump|ditch|fire|terminate|cancel + whenever|any time|anytime|at will|at any point|at any moment|without cause|"
        "for any reason|no reason|convenience|whim",
        "need a reason|need cause|require cause|requires cause|have to give a reason|give a reason|without giving a reason|"
        "need to give a reason|need grounds|without grounds + terminate|termination|cancel|end|exit|get out|fire|drop|dump|ditch",
        "terminate|termination|cancel|exit|quit|leave|get out|walk away|pull out|end + any time|anytime|any reason|no reason|"
        "without any breach|without any cause|without any reason|no breach|absent breach|absent any breach|no fault|without cause|"
        "without reason|without breach|convenience|whenever|at will|just because|for nothing|simply by giving notice|early|"
        "prematurely|before the end",
        "walk away|pull out|back out|get out|bail|quit|exit + contract|agreement|deal|whenever|any time|anytime|early|notice",
    ),
    "Rofr/Rofo/Rofn": (
        "before + offer it to us|offer to us|offered to us|offer them to us|come to us|ask us|approach us|tell us|let us know|"
        "give us the chance",
        "step in|step into|same terms|match the terms|on the same terms + bid|bids|offer|offers|bidder|buyer|purchaser|"
        "third party|sell|sale",
        "come to us|offer to us|approach us|ask us|talk to us|check with us|offer us + before|first|prior + sell|selling|shop|"
        "shopping|market|marketing|offer|license|licensing|assets|stake|shares|business|product line|territories|rights",
        "@3 first + refusal|offer|negotiation|dibs|crack|look|option|chance|right|opportunity|come to us|to us|shot|bite|call|buy|"
        "purchase|bid",
        "before + anybody else|anyone else|third party|third parties|others|another buyer|someone else|other bidders|"
        "outside buyers + offer|offers|sell|sold|sale|license|buy|purchase|come to us|territory|territories|stake|shares",
        "match|matching|equal + offer|offers|bid|bids|proposal|third party offer",
    ),
    "Change Of Control": (
        "bought|acquired|taken over|sold|merges|merged|merger|takes over|buy out|swallowed|gobbled + company|business|supplier|"
        "vendor|competitor|another company|private equity|parent|shareholders|rival",
        "change|changes|transfer|sale|sells|shift|shifts|shifted|passes|moves|changing + control|ownership|shareholding|shares|"
        "majority|owner|owners",
        "new + owner|owners|parent|controlling shareholder|management",
    ),
    "Anti-Assignment": (
        "assign|transfer|hand over|hand off|hand|hands|handing|pass|passing|passes|move|delegate|novate|shift|farm out|outsource|"
        "offload|palm off + agreement|contract|obligations|duties|responsibilities|commitments|rights and obligations|"
        "this contract",
        "somebody else|someone else|another company|another party|new party|successor|buyer|affiliate + step into|take over|"
        "takes over|assume|assumes|inherit|inherits",
    ),
    "Revenue/Profit Sharing": (
        "each sale|every sale|per sale|each transaction|every transaction|each booking|every booking|each unit sold + give|pay|"
        "percentage|percent|cut|share|how much|take|commission",
        "split|divide|divided|divvy|percentage|percent|cut|portion|slice|piece + revenue|revenues|profit|profits|proceeds|income|"
        "sales|earnings|margin|margins|takings|upside|receipts",
        "share|sharing|shared + revenue|revenues|profit|profits|proceeds|income|earnings|upside",
        "pay|paid|owe|owed|get|receive|goes + percentage|percent|royalty|royalties",
    ),
    "Price Restrictions": (
        "charge|set|price + whatever|what we want|what we like|own prices|own pricing|own price|freely|downstream|as we like|"
        "as we see fit",
        "raise|raising|increase|increasing|hike|change|changing|adjust|adjusting|lower|lowering|reduce|reducing|cut|cutting|"
        "discount|discounting|lock|locked|freeze|frozen|fixed|firm|stuck|set|setting|stable|escalate|escalation|go up|goes up|"
        "bump|put|push|jack + price|prices|pricing|rate|rates|fee|fees|charges|tariff|list price",
        "below|above|under|minimum|maximum|floor|ceiling + price|prices|pricing|list price|retail|resale|msrp",
    ),
    "Minimum Commitment": (
        "hit|meet|reach|achieve|make + volume|target|quota|number|minimum|threshold + every year|each year|per year|annually|"
        "each quarter|every quarter|per quarter|per month|each month|every month",
        "pay|paying|charged|owe + even if|regardless|whether or not|even when + order|orders|buy|purchase|use|nothing",
        "certain amount|set amount|fixed amount|specified amount|certain number|certain volume|certain quantity|minimum amount + "
        "buy|purchase|order|spend|each year|per year|each month|per month|each quarter|per quarter|annually",
        "minimum|floor|at least|quota|commit|committed|commitment|guaranteed|shortfall|target + buy|purchase|order|orders|"
        "ordering|spend|volume|units|quantity|quantities|amount each|amount per|purchases|take",
        "floor|minimum|at least + each year|each quarter|each month|per year|per quarter|per month|annually|quarterly|monthly",
        "how much|how many + have to|must|required to|obliged to|need to|committed to + buy|order|purchase|spend|take",
    ),
    "Volume Restriction": (
        "cap|caps|limit|limits|maximum|ceiling|restriction|restrictions|max + how many|units|volume|volumes|quantity|quantities|"
        "orders|usage|transactions|number of units|number of transactions|number of orders|throughput|capacity|"
        "how much we can use|how much we can order|how much we can buy|how many we can|api calls|calls|requests|queries|messages|"
        "downloads|storage|bandwidth|gigabytes",
        "exceed|exceeds|exceeding|more than|above|beyond|go past|goes past|surpass|higher than|additional|extra|excess|go over|"
        "goes over|going over|run over|overshoot|overrun + usage|use|volume|volumes|units|tier|threshold|limit|limits|quota|"
        "allotment|allowance|cap|seats|capacity|transactions|api calls|users|gigabytes|storage|bandwidth|forecast|allotment|"
        "allowance",
        "need|needs|require|requires|ask|get + consent|approval|permission|ok|okay|sign off + more|additional|extra|increase|"
        "exceed",
        "charge|charges|charged|fee|fees|pay|cost|costs|price + more|extra|additional|excess|overage + usage|use|volume|units|"
        "seats|users|tier|threshold|limit",
    ),
    "Ip Ownership Assignment": (
        "invention|inventions|ip|intellectual property|work product|deliverables|deliverable|improvements|designs|creations|"
        "developments + property|ours|our property|belong|belongs|vest|vests",
        "keep|keeps|retain|retains|own|owns|hold|holds + rights|ownership|title + develop|develops|developed|create|creates|"
        "created|build|builds|built|make|made|write|written|invent|invented|design|designed",
        "own|owns|rights|title|keep|ownership + paid for|on our dime|we pay for|we paid|we funded|we fund",
        "who + keep|keeps|own|owns|get|gets|hold|holds + rights|title + build|builds|built|create|creates|created|develop|"
        "develops|developed|make|makes|made|write|writes|written|design|designs|designed|produce|produced",
        "own|owns|owned|ownership|owner|belong|belongs|title|vest|vests|ours|sign over|signs over|hand over|turn over|become ours|"
        "becomes ours|assign|assigns|assigned|transfer + ip|intellectual property|deliverable|deliverables|work product|invention|"
        "inventions|improvement|improvements|results|code they write|custom work|creations|patent|patents|copyright|copyrights|"
        "designs|materials they create|software they build|custom code|bespoke code|code written|custom software",
        "who + own|owns|owned|ownership|keep|keeps|get|gets|retain|retains + ip|intellectual property|improvements|results|"
        "deliverables|inventions|output|work product",
    ),
    "Joint Ip Ownership": (
        "joint|jointly|both|together|co|shared|collaborative|collaboration|mutual|mutually|each of us|both sides|both parties|"
        "both companies|both teams + own|owns|owned|ownership|owner|owners|title|hold title|invent|invented|invention|inventions|"
        "ip|intellectual property|developed|develop|create|created|results|patent|patents|improvements",
    ),
    "License Grant": (
        "allowed to do|permitted to do|can we do|can do|entitled to do + software|technology|content|materials|ip|patents|"
        "trademarks|brand|platform",
        "use|using|put|display|reproduce|copy|distribute|exploit|incorporate|embed|print|modify + trademark|trademarks|logo|logos|"
        "brand|branding|marks|software|patent|patents|technology|tech|content|ip|photos|images|pictures|photographs|videos|"
        "footage|music|fonts|works|design|designs|intellectual property|materials|know how|artwork|characters",
    ),
    "Non-Transferable License": (
        "license|licence + go with us|come with us|sell the business|business unit|divest|divestiture|spin off|spinoff|carve out|"
        "buyer|acquirer|purchaser|new owner",
        "give|hand|pass|sell|transfer + license|licence + another company|someone else|somebody else|third party|third parties|"
        "another party|other companies|buyer|partner|affiliate",
        "license|licence + pass it on|pass on|hand on|ours alone|personal to us|just for us|only for us|go with it|goes with it|"
        "go with them|come with it|travel with|follow the business|transfer with",
        "license|licence|licensed|license rights + transferable|transferred|transfer|assignable|assigned|assign|sublicensed|moved|"
        "passed on",
        "transfer|assign|hand over|hand off|pass on|sublicense|sub license|move|moving + license|licence|licensed|licence rights|"
        "license rights|rights to the software|software|seat|seats",
        "on behalf + use|using|licensed|license|software|access|operate|run",
        "outsourcer|outsourcers|outsourcing provider|outsourcing partner|contractor|contractors|service provider + use|access|"
        "operate|run + software|licensed|license|platform|materials|technology|system",
        "let|allow|permit|authorize + contractor|contractors|outsourc|outsourcing|outsourcer|service provider|service providers|"
        "consultant|consultants|vendors|agents|third party|third parties|someone else|another company|partner|partners|"
        "somebody else|integrator|hosting provider|customers|clients|end users|users + use|access|operate|run|host|manage",
    ),
    "Affiliate License-Licensor": (
        "licensor|licensor's|vendor's|supplier's + affiliate|affiliates|parent|subsidiary|subsidiaries|sister|sister companies|"
        "group|group companies|related companies + patent|patents|ip|intellectual property|technology|trademarks|copyrights|own|"
        "owned|held|hold|grant|grants|license",
        "affiliate|affiliates|parent|subsidiaries|sister companies|group companies + licensor|licensor's",
    ),
    "Affiliate License-Licensee": (
        "affiliate|affiliates|subsidiary|subsidiaries|sister|sister companies|group companies|related companies|parent|"
        "parent company|other entities|other offices|group entities|holding company + use|access|benefit|covered|cover|extend|"
        "extends|included|include|sublicense|rely|licensed|license|licence|deploy",
        "licensee|licensee's + affiliate|affiliates|subsidiaries|subsidiary|group|parent|sister companies",
    ),
    "Unlimited/All-You-Can-Eat-License": (
        "unlimited + flat fee|fixed fee|deal|plan|subscription|access|licence|license",
        "limit|limits|cap|maximum|max + how many people|how many users|number of users|number of people|users|seats|installations|"
        "copies|devices",
        "every employee|all employees|all staff|all our staff|everyone|everybody|all users|every user|whole team|any employee + "
        "use|access|install|deploy|run|log in",
        "unlimited|any number|as many|no limit|no cap|no restriction|no restrictions|without limit|without restriction + user|"
        "users|seats|copies|installations|installs|devices|locations|sites|deployments|use|usage|instances|servers",
        "roll out|deploy|install|use + whole|entire|all|across + company|organization|organisation|enterprise|business|employees|"
        "staff|group|workforce|sites|locations",
        "per seat|per user|per head|per device|per copy|per install|per installation|per license|per licence + without|no|not|"
        "instead of",
    ),
    "Irrevocable Or Perpetual License": (
        "rights|right|access + software|licensed|license|platform|product|subscription + end|ends|lapse|lapses|expire|expires|"
        "terminate|terminates|revoked|cut off|lost|lose",
        "license|licence + time limited|limited time|limited period|limited term|expire|expires|expiry|end|ends|lapse|how long|"
        "duration",
        "take|taking|pull|claw + license|licence|right|rights|access|software + back",
        "revoke|revoked|take away|take back|yank|pull|withdraw|cancel|terminate|end|cut off|switch off|shut off + license|licence|"
        "right to use|rights to use|usage rights|license rights|access",
        "forever|for good|permanently|permanent|in perpetuity|indefinitely|for life|lifetime|never expire|never expires|"
        "never end + license|licence|ours|use|rights|access",
        "paid up|paid-up|fully paid|one time fee|one-time fee|one off fee + license|licence|ours|keep|forever|for good",
    ),
    "Source Code Escrow": (
        "holding|hold|holds|held|safekeeping|custodian|custody + code|source code|source",
        "source + deposited|deposit|escrowed|held by|lodged|lodge",
        "protection|protected|safeguard|fallback|contingency|safety net + goes bust|go bust|bankrupt|bankruptcy|insolvent|"
        "insolvency|goes under|go under|out of business|folds|disappears",
        "code + bankrupt|bankruptcy|insolvent|insolvency|goes under|go under|out of business|stops supporting|stop supporting|"
        "discontinue|discontinues|folds|fold|collapse|collapses|disappear|disappears|release|released|deposit|deposited|hand over|"
        "handed over|held|trustee|protection|goes bust|go bust",
        "bankrupt|bankruptcy|insolvent|insolvency|goes under|go under|out of business|stops supporting|stop supporting|"
        "discontinue|discontinues|folds|collapse|disappear|disappears + code|source|maintain it ourselves|support it ourselves|"
        "keep it running",
    ),
    "Post-Termination Services": (
        "data|files|records|content + at the end|end of the contract|end of the agreement|on exit|when we leave|after termination|"
        "after expiry|handed back|returned to us|back to us",
        "after|following|once|upon + termination|terminate|terminated|expiry|expiration|expire|expires|ends|end|leave|exit|"
        "part ways|wind down|finished|cancel|cancelled|is over|are over|it's over|done + obligation|obligations|continue|still|"
        "keep|help|assist|assistance|support|supporting|survive|sell|selling|return|returning|pay|owe|transition|migrate|"
        "hand over|handover|inventory|stock|services|data|duties|have to do|have to|must|required|need to",
        "help|assist|assistance|support|cooperate + move|moving|switch|switching|migrate|migrating|transition|replacement|"
        "new vendor|new provider|new supplier|successor|in house|off their platform|another provider",
    ),
    "Audit Rights": (
        "check|verify|inspect|examine|review|look at|go through|scrutinize|scrutinise|send in|visit + books|records|statements|"
        "reports|accounts|royalty reports|figures|calculations|facilities|facility|premises|plant|site|factory|ledgers|numbers",
        "accountant|accountants|auditor|auditors|inspector|inspectors|independent accountant + send|send in|appoint|check|verify|"
        "review|examine|come in|access",
    ),
    "Uncapped Liability": (
        "no|without|unlimited|uncapped|outside|excluded|exclude|excludes|exclusion|exclusions|exception|exceptions|except|"
        "carve out|carve outs|carved out|carveout|carveouts|beyond|above|not subject|not covered|sit outside|fall outside + cap|"
        "capped|ceiling|limit|limits|limitation|limited|maximum + liability|liabilities|liable|exposure|damages|owe|pay|"
        "on the hook|responsible|claims|losses|indemnity|obligations|it",
        "hook|liable|liability|exposure|responsible|losses|damages + everything|all losses|all damages|all of it|full amount|"
        "unlimited|whole amount|entire amount|every penny|whatever|without limit|whole thing",
        "gross negligence|willful misconduct|wilful misconduct|fraud|breach of confidentiality|breaches of confidentiality|"
        "confidentiality breach|confidentiality breaches|data breach|data breaches|leak|leaks|infringement|death|"
        "personal injury + liability|liable|exposure|hook|cap|capped|uncapped|unlimited|limit|everything",
    ),
    "Cap On Liability": (
        "total|overall|in total|whole + owe|liable|liability|exposure|recover|damages + go wrong|goes wrong|screw up|screws up|"
        "breach|mess up|fail|fails",
        "how much|what amount|maximum|most + recover|recoverable|claim from us|sue us for|sue for|be liable|liable",
        "cap|capped|ceiling|limit|limited|limitation|maximum|max|most|upper limit|at most|top out|tops out + liability|liable|"
        "exposure|owe|pay|damages|on the hook|recover|recovery|claims|losses|compensation|go wrong",
        "how long|deadline|time limit|window|within|how many years|how many months|how much time + bring a claim|bring claims|"
        "make a claim|file a claim|claim against|sue|lawsuit|bring an action|bring proceedings|raise a claim|assert a claim|"
        "claims against|claim",
        "consequential|indirect|special|punitive|incidental + damages|losses|loss",
    ),
    "Liquidated Damages": (
        "fixed|set|pre set|preset|predetermined|pre determined|pre agreed|agreed|specified|stipulated|flat|certain + sum|amount|"
        "fee|payment|damages|compensation|rate|penalty|charge|charges + late|delay|delayed|breach|miss|missed|fail|failure|"
        "terminat|terminate|termination|cancel|every day|per day|each day|every week|per week|each week|behind schedule",
        "fee|penalty|charge|cost + terminate|terminating|termination|cancel|cancelling|canceling|cancellation|walk away|exit|"
        "get out|pull out|leave early|end early|end this early|end it early|ending early|early exit|terminate early|cancel early",
        "per|each|every|for each|for every + day|week|month + late|delay|delayed|behind|overdue|miss|missed",
        "penalty|penalties + late delivery|delay|delays|delayed|breach|miss|missed|terminate|termination|cancel|fail|failure|"
        "service level|per day|per week|behind schedule|milestone|milestones",
    ),
    "Warranty Duration": (
        "guarantee|guarantees|guaranteed|warranty|warranties|warranted + expire|expires|expiry|run out|runs out|end|ends|last|"
        "lasts|period|how long|valid|cover|covers",
        "how long|months|years|after delivery|after install|after installation|after acceptance|until|duration|still + warranty|"
        "warranted|guarantee|guaranteed|covered|repair|repairs|replace|replacement|defect|defects|bugs|bug|fails|fail|failure|"
        "breaks|break|broken|faulty",
        "break|breaks|broken|breakdown|defect|defects|defective|bug|bugs|fault|faulty|malfunction|malfunctions|stops working|"
        "doesn't work|does not work + free|covered|repair|replace|fix|warranty|months|years|period|after delivery|after install|"
        "after installation|after acceptance|still",
    ),
    "Insurance": (
        "insure|insured|insurance|insurer + name us|name|naming|certificate|certificates|proof|maintain|carry|keep|limits|policy|"
        "policies|coverage|cover",
        "certificate|certificates|proof|evidence + coverage|cover|insurance|policy|policies",
        "carry|maintain|take out|procure|hold|have in place|keep in place + coverage|cover|liability cover",
    ),
    "Covenant Not To Sue": (
        "unrelated + claim|claims|sue|suing|lawsuit|action|actions|matters|proceedings",
        "question|questioning|deny|denying|impugn|impeach + validity|ownership|enforceability",
        "challenge|challenging|contest|contesting|attack|attacking|oppose|opposing|invalidate|invalidating + patent|patents|"
        "trademark|trademarks|registration|registrations|validity|ownership|ip|intellectual property|copyright|copyrights|mark|"
        "marks|title|brand",
        "barred|prevented|prohibited|restricted|waive|waiving|waived|give up|release|released|stopped|promise not|agree not|"
        "agreed not|never + sue|suing|lawsuit|lawsuits|litigation|claim|claims|action|actions|legal action|proceedings|"
        "take them to court|go to court|court|litigate",
    ),
    "Third Party Beneficiary": (
        "confer|give|grant|provide|create + benefit|benefits|rights|enforceable rights + third party|third parties|non party|"
        "outsiders|anyone else|anyone not signing|non signatory|non signatories|not signing|nonsignatory",
        "sue under|claim under|rights under|enforce|enforcing + customers|clients|users|employees|end users|lenders|affiliates|"
        "shareholder|shareholders|investor|investors|members|subcontractor|subcontractors|insurer|insurers|parent company",
        "enforce|enforcing|sue under|claim under|rights under|standing|invoke|benefit from + not a party|non party|nonparty|"
        "isn't a party|aren't parties|third party|third parties|anyone else|outsider|outsiders|stranger|strangers|anybody else|"
        "someone outside|end customers|non signatory|non signatories|anyone not signing|nonsignatory|anyone other than|"
        "other than the signatories|other than the parties|besides the parties|signatories",
        "who can enforce|who else can enforce|who may enforce|who is entitled to enforce + contract|agreement|it|terms|rights",
    ),
}

# Within one part of a question, a clause found there makes these more generic ones redundant.
SUPPRESS: dict[str, tuple[str, ...]] = {
    "Renewal Term": ("Expiration Date",),
    "Notice Period To Terminate Renewal": ("Renewal Term", "Expiration Date", "Termination For Convenience"),
    "Most Favored Nation": ("Price Restrictions", "Exclusivity", "Anti-Assignment"),
    "Non-Compete": ("Post-Termination Services", "Change Of Control"),
    "Exclusivity": ("Post-Termination Services",),
    "No-Solicit Of Customers": ("Post-Termination Services", "Exclusivity"),
    "Competitive Restriction Exception": ("Non-Compete", "Exclusivity", "No-Solicit Of Customers", "No-Solicit Of Employees"),
    "No-Solicit Of Employees": ("Post-Termination Services", "Non-Compete"),
    "Termination For Convenience": ("Expiration Date",),
    "Rofr/Rofo/Rofn": ("Exclusivity", "Most Favored Nation", "Change Of Control"),
    "Change Of Control": ("Termination For Convenience", "Exclusivity"),
    "Price Restrictions": ("Expiration Date", "Renewal Term", "Termination For Convenience"),
    "Minimum Commitment": ("Cap On Liability", "Warranty Duration"),
    "Volume Restriction": ("Price Restrictions", "Cap On Liability", "Minimum Commitment"),
    "Ip Ownership Assignment": ("Anti-Assignment", "License Grant", "Change Of Control"),
    "Joint Ip Ownership": ("Ip Ownership Assignment",),
    "Non-Transferable License": ("License Grant", "Anti-Assignment", "Change Of Control", "Affiliate License-Licensee"),
    "Affiliate License-Licensor": (
        "License Grant", "Affiliate License-Licensee", "Non-Transferable License", "Ip Ownership Assignment",
    ),
    "Affiliate License-Licensee": ("License Grant", "Third Party Beneficiary", "Change Of Control"),
    "Unlimited/All-You-Can-Eat-License": (
        "License Grant", "Volume Restriction", "Price Restrictions", "Cap On Liability", "Uncapped Liability",
    ),
    "Irrevocable Or Perpetual License": (
        "License Grant", "Termination For Convenience", "Expiration Date", "Post-Termination Services",
    ),
    "Source Code Escrow": ("Post-Termination Services", "Ip Ownership Assignment", "Irrevocable Or Perpetual License"),
    "Post-Termination Services": ("Termination For Convenience", "Expiration Date", "Renewal Term"),
    "Audit Rights": ("Revenue/Profit Sharing",),
    "Uncapped Liability": ("Cap On Liability",),
    "Liquidated Damages": ("Termination For Convenience", "Cap On Liability", "Price Restrictions", "Expiration Date"),
    "Warranty Duration": ("Expiration Date", "Cap On Liability"),
    "Insurance": ("Cap On Liability", "Uncapped Liability"),
    "Covenant Not To Sue": ("License Grant", "Cap On Liability"),
    "Third Party Beneficiary": ("Non-Transferable License", "Anti-Assignment", "Parties", "Warranty Duration"),
}

# Phrases that contain a clause word without being about the clause ("representations and
# warranties" is not the warranty period, "retention of title" is not IP ownership). A match
# hides the words it covers from the lexical layer.
NEUTRAL: tuple[str, ...] = (
    "representations and warranties", "reps and warranties", "warranties of authority", "warranty of authority",
    "retention of title", "title to the goods", "title to goods", "title passes", "title pass", "risk of loss", "code of conduct",
    "insurance company", "absent notice", "absent written notice", "unless notice is given", "unless either party gives notice",
    "unless terminated", "unless earlier terminated", "without penalty", "without any penalty", "no penalty", "penalty free",
    "penalty-free", "without a fee", "without any fee", "without paying a fee", "terminate for cause", "termination for cause",
    "terminate for breach", "termination for breach", "terminate if they breach", "terminate if we breach",
    "terminate for material breach", "termination for material breach", "terminate on breach", "terminate upon breach",
    "terminate for default", "damaged goods", "damaged in transit", "goods damaged", "damaged products", "damaged items",
    "damaged property",
)

# Topics a contract question can be about that are not CUAD categories. They compete with the
# category prototypes, so a question about, say, late payment is not pulled to the nearest
# category just because nothing better exists. General contract vocabulary, not test wording.
BACKGROUND: tuple[str, ...] = (
    "payment terms", "late payment", "interest on overdue invoices", "invoicing and payment schedule", "fees and expenses",
    "confidentiality obligations", "force majeure", "dispute resolution and arbitration", "notices and addresses", "definitions",
    "entire agreement", "severability", "counterparts and signatures", "company registration details", "data protection",
    "representations of the parties", "indemnification procedure", "delivery and shipping", "summarise the document",
    "translate the text", "general knowledge question", "company", "type of business entity", "taxes and VAT",
    "currency of payment", "how fees are calculated", "payment milestones", "withholding payment", "expenses and travel costs",
    "invoice disputes", "keeping information confidential", "non-disclosure of confidential information",
    "indemnify against third-party claims", "defend and hold harmless", "mediation and escalation of disputes",
    "courts and litigation procedure", "service levels and uptime", "service level credits", "response times for support",
    "acceptance testing of deliverables", "rejection of non-conforming goods", "delivery schedule and lead times",
    "risk of loss in transit", "title to goods passes on delivery", "shipping costs and incoterms", "personal data processing",
    "GDPR compliance", "information security requirements", "cybersecurity standards", "key personnel",
    "background checks on staff", "code of conduct and ethics", "anti-bribery and anti-corruption",
    "export controls and sanctions", "compliance with laws", "records retention", "monthly reporting obligations",
    "status reports and meetings", "governance and steering committee", "amendments must be in writing", "waiver of rights",
    "how notices must be sent", "email or courier notice", "authority to sign", "representations and warranties about authority",
    "conflicts of interest", "publicity and press releases", "use of subcontractors", "equipment and facilities",
    "change requests and change orders", "project plan and timeline", "termination for breach", "cure period for breach",
    "amending the contract", "variation of the agreement", "superseding prior agreements", "signing in counterparts",
    "electronic signatures", "the weather", "colours and nature", "sports and games", "history and geography", "arithmetic",
    "cooking and recipes", "travel and holidays", "a greeting or small talk", "computer programming help",
    "news and current events", "what the contract is about", "scope of services",
)

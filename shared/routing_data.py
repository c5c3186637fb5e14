"""What routing compares a question with: CUAD's category descriptions, trigger phrases a
lawyer would use for each category, and background topics that are not CUAD categories (so
a question about them routes to none). Data only; shared.routing uses it.
"""

from __future__ import annotations

# CUAD category descriptions, copied from CUAD v1 category_descriptions.csv.
# Source: The Atticus Project, CUAD (Hendrycks et al., 2021), licensed CC BY 4.0.
# Keys use the spelling of shared.clauses.CATEGORIES (CUAD's question form capitalises so).
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

# Short phrases a lawyer uses for each category: the lexical layer matches them word for word
# (stemmed), the semantic layer embeds them as extra prototypes. The category name is added
# automatically. Single generic words ("liability", "termination") are kept only where a lawyer
# uses the bare word to mean the clause.
TRIGGERS: dict[str, tuple[str, ...]] = {
    "Document Name": ("title of the agreement", "name of the contract"),
    "Parties": ("contracting parties", "signatories", "who are the parties"),
    "Agreement Date": ("date of the agreement", "date of signing", "execution date"),
    "Effective Date": ("commencement date", "date the agreement takes effect"),
    "Expiration Date": (
        "expiration", "expiry date", "initial term", "term of the agreement", "contract end date", "duration of the agreement",
        "when does the term end", "how long does the agreement last",
    ),
    "Renewal Term": (
        "renewal", "automatic renewal", "auto-renewal", "evergreen clause", "successive renewal periods", "extension of the term",
        "does the term renew automatically", "renewal for additional periods",
    ),
    "Notice Period To Terminate Renewal": (
        "non-renewal", "notice of non-renewal", "opt out of renewal", "notice to prevent automatic renewal",
        "notice before the renewal date", "how much notice is needed to stop renewal",
    ),
    "Governing Law": (
        "governing law", "choice of law", "governed by the laws of", "applicable law", "jurisdiction", "construed under the laws of",
        "governing law and forum", "laws of which country apply",
    ),
    "Most Favored Nation": (
        "most favored nation", "most favoured customer", "MFN", "price parity", "no less favorable terms",
        "better terms granted to a third party", "pricing benchmarked against other customers", "best terms offered to others",
    ),
    "Non-Compete": (
        "non-compete", "noncompete", "non-competition", "covenant not to compete", "restriction on competition", "competing products",
        "compete with", "may not engage in a competing business", "restricted from working with competitors",
    ),
    "Exclusivity": (
        "exclusivity", "exclusive", "exclusive dealing", "sole supplier", "sole distributor", "single source", "exclusive territory",
        "requirements contract", "exclusive relationship", "may not sell to anyone else", "purchase only from the supplier",
    ),
    "No-Solicit Of Customers": (
        "non-solicitation of customers", "solicit customers", "customer non-solicit", "divert customers", "take away clients",
        "interfere with customer relationships", "may not solicit the other party's customers", "restriction on contacting customers",
    ),
    "Competitive Restriction Exception": (
        "carve-out", "carveout", "exception to the non-compete", "exceptions to exclusivity", "permitted competing activities",
        "exceptions to restrictive covenants", "activities permitted despite the exclusivity",
    ),
    "No-Solicit Of Employees": (
        "non-solicitation of employees", "no-hire", "no poach", "solicit employees", "hire away personnel", "employee non-solicit",
        "restriction on hiring the other party's employees", "non-solicit of staff",
    ),
    "Non-Disparagement": (
        "non-disparagement", "disparage", "disparaging remarks", "negative public statements", "defamatory comments", "speak ill of",
        "must not make negative statements", "no disparaging comments about the company",
    ),
    "Termination For Convenience": (
        "termination", "terminate", "termination for convenience", "terminate without cause", "terminate at any time",
        "right to terminate on notice", "cancel the agreement", "early termination", "exit the contract",
        "terminate for any reason on notice", "terminate without cause on written notice",
    ),
    "Rofr/Rofo/Rofn": (
        "right of first refusal", "right of first offer", "right of first negotiation", "ROFR", "ROFO", "ROFN", "first option to purchase",
        "preemptive right", "matching right", "right to buy before a third party", "priority to purchase if offered for sale",
    ),
    "Change Of Control": (
        "change of control", "change in control", "merger", "acquisition", "takeover", "sale of substantially all assets",
        "controlling interest", "if a party is acquired", "merger or acquisition of a party", "sale of the business",
    ),
    "Anti-Assignment": (
        "assignment", "assign", "assignability", "consent to assign", "novation", "delegate obligations", "transfer of the contract",
        "assign the agreement without consent", "transfer rights and obligations to a third party",
    ),
    "Revenue/Profit Sharing": (
        "revenue sharing", "profit sharing", "revenue share", "royalty", "royalties", "share of profits", "commission on sales",
        "pay a share of revenue", "royalty on net sales",
    ),
    "Price Restrictions": (
        "price increase", "price cap", "fixed pricing", "price adjustment", "price reduction", "pricing restriction",
        "limits on raising prices", "restriction on changing prices", "prices fixed during the term",
    ),
    "Minimum Commitment": (
        "minimum purchase", "minimum order", "minimum commitment", "take or pay", "minimum annual spend", "purchase commitment",
        "shortfall payment", "must purchase a minimum amount", "minimum units per period",
    ),
    "Volume Restriction": (
        "volume restriction", "usage limit", "usage cap", "overage charges", "excess usage fees", "usage threshold", "volume cap",
        "fees if usage exceeds the threshold", "additional charges for extra usage",
    ),
    "Ip Ownership Assignment": (
        "ip ownership", "ownership of intellectual property", "assignment of intellectual property", "work made for hire", "work for hire",
        "owns the deliverables", "assigns all inventions", "ownership of deliverables and inventions",
        "developed intellectual property belongs to the customer",
    ),
    "Joint Ip Ownership": (
        "joint ownership", "jointly owned", "co-owned", "co-ownership", "joint ip", "shared ownership of inventions",
        "jointly developed intellectual property", "intellectual property owned jointly by the parties",
    ),
    "License Grant": (
        "license", "license grant", "grant of license", "licensed rights", "right to use", "license to use",
        "permission to use the licensor's intellectual property",
    ),
    "Non-Transferable License": (
        "non-transferable", "non-assignable license", "non-sublicensable", "sublicense", "transfer the license", "assign the license",
        "license may not be transferred or sublicensed",
    ),
    "Affiliate License-Licensor": (
        "affiliates of the licensor", "licensor's affiliates", "licensor affiliate intellectual property",
        "license from the licensor's group", "licensor's parent and subsidiaries grant rights",
    ),
    "Affiliate License-Licensee": (
        "affiliates of the licensee", "licensee's affiliates", "license extends to affiliates", "sublicense to affiliates",
        "licensee's affiliates may use the license", "license extends to the licensee's subsidiaries",
    ),
    "Unlimited/All-You-Can-Eat-License": (
        "unlimited license", "unlimited usage", "enterprise license", "all you can eat", "site license", "unlimited number of users",
        "no limit on the number of users or copies", "unlimited deployments",
    ),
    "Irrevocable Or Perpetual License": (
        "perpetual", "irrevocable", "perpetual license", "irrevocable license", "cannot be revoked", "fully paid-up license",
        "license survives termination", "license never expires", "license cannot be terminated", "licensor may revoke the license",
    ),
    "Source Code Escrow": (
        "escrow", "source code escrow", "escrow agent", "release of source code", "deposit of source code", "escrow release conditions",
        "source code released if the licensor becomes insolvent", "deposit source code with an escrow agent",
    ),
    "Post-Termination Services": (
        "post-termination", "after termination", "transition services", "transition assistance", "wind down", "survival", "last-time buy",
        "obligations continuing after the agreement ends", "transition assistance after termination",
    ),
    "Audit Rights": (
        "audit", "audit rights", "right to audit", "books and records", "inspection", "examine records", "inspect premises",
        "right to inspect records", "check compliance by audit",
    ),
    "Uncapped Liability": (
        "liability", "exposure", "unlimited liability", "uncapped liability", "exclusions from the limitation of liability",
        "gross negligence", "willful misconduct", "indemnity outside the cap", "liability without limit", "exceptions to the liability cap",
    ),
    "Cap On Liability": (
        "liability", "exposure", "limitation of liability", "liability cap", "limit of liability", "ceiling on damages",
        "maximum we could owe", "liability shall not exceed", "aggregate liability", "maximum liability", "cap on our exposure",
        "limit on financial exposure", "maximum amount recoverable", "exclusion of consequential damages",
    ),
    "Liquidated Damages": (
        "liquidated damages", "termination fee", "kill fee", "penalty", "agreed damages", "fixed damages for breach",
        "pre-agreed sum payable on breach", "termination payment",
    ),
    "Warranty Duration": (
        "warranty", "warranty period", "warranty duration", "warranty against defects", "guarantee period", "warranty expires",
        "warranty term in months", "defects liability period",
    ),
    "Insurance": (
        "insurance", "insured", "insurance coverage", "certificate of insurance", "maintain insurance", "policy limits",
        "required insurance policies", "minimum insurance cover",
    ),
    "Covenant Not To Sue": (
        "covenant not to sue", "not to sue", "no-challenge clause", "not contest validity", "waive claims", "release of claims",
        "agree not to challenge", "agreement not to contest ownership of intellectual property", "waiver of the right to sue",
    ),
    "Third Party Beneficiary": (
        "third party beneficiary", "third-party beneficiaries", "rights of third parties", "intended beneficiaries",
        "no third party rights", "beneficiary who is not a party",
    ),
}

# Topics a contract question can be about that are not CUAD categories. They compete with the
# category prototypes, so a question about, say, late payment is not pulled to the nearest
# category just because nothing better exists. General contract vocabulary, not test wording.
BACKGROUND: tuple[str, ...] = (
    "payment terms", "late payment", "interest on overdue invoices", "invoicing and payment schedule", "fees and expenses",
    "confidentiality obligations", "force majeure", "dispute resolution and arbitration", "notices and addresses",
    "definitions", "entire agreement", "severability", "counterparts and signatures", "company registration details",
    "data protection", "representations of the parties", "indemnification procedure", "delivery and shipping",
    "summarise the document", "translate the text", "general knowledge question", "company",
    "type of business entity",
)
